import { COUPON_KINDS, type AdminCoupon } from '../../contracts/promotions-admin';
import { Checkbox, Field, FieldList, type FieldSpec } from '../../ui/account/field';
import { CodedForm, type CodedKind, type FormState } from './coded-form';
import { COUPONS, couponFormValues } from './coupon-input';

/** The gift's fields (the Brinde kind only). */
const GIFT_FIELDS: readonly FieldSpec[] = [
  { name: 'giftSku', label: 'SKU do brinde', maxLength: 64 },
  { name: 'giftTitle', label: 'Título do aviso (opcional)', maxLength: 120 },
  { name: 'giftMessage', label: 'Mensagem do aviso (opcional)', maxLength: 300 },
];

const COUPON_FORM: CodedKind<AdminCoupon> = {
  testId: 'coupon-form',
  base: COUPONS,
  idPrefix: 'coupon',
  values: couponFormValues,
  codeHint: 'De 3 a 40 letras sem acento, números, hífen ou sublinhado.',
};

/** Create (no coupon) or edit. */
export function CouponForm({ coupon, form }: { coupon: AdminCoupon | null; form: FormState }) {
  return (
    <CodedForm of={COUPON_FORM} form={form} record={coupon}>
      {({ v, on }) => (
        <>
          <div className="field">
            <label htmlFor="coupon-kind">Tipo</label>
            <select id="coupon-kind" name="kind" defaultValue={v('kind')}>
              {Object.entries(COUPON_KINDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <Field
            idPrefix="coupon"
            name="value"
            label="Valor (% ou R$)"
            defaultValue={v('value')}
            hint="Percentual: 1 a 100. Valor fixo: em reais. Frete grátis e brinde: deixe vazio."
          />
          <Field
            idPrefix="coupon"
            name="minSubtotal"
            label="Subtotal mínimo (R$, opcional)"
            defaultValue={v('minSubtotal')}
          />
          <Field
            idPrefix="coupon"
            name="startsAt"
            label="Início (horário de Brasília, opcional)"
            type="datetime-local"
            defaultValue={v('startsAt')}
          />
          <Field
            idPrefix="coupon"
            name="endsAt"
            label="Fim (horário de Brasília, opcional)"
            type="datetime-local"
            defaultValue={v('endsAt')}
          />
          <Field
            idPrefix="coupon"
            name="usageLimit"
            label="Limite de usos (vazio: sem limite)"
            inputMode="numeric"
            defaultValue={v('usageLimit')}
          />
          <Field
            idPrefix="coupon"
            name="perCustomerLimit"
            label="Limite por cliente (vazio: sem limite; exige login)"
            inputMode="numeric"
            defaultValue={v('perCustomerLimit')}
          />
          <Checkbox idPrefix="coupon" name="requiresLogin" label="Exige login" defaultChecked={on('requiresLogin')} />
          <Field
            idPrefix="coupon"
            name="categories"
            label="Só para as categorias (opcional)"
            defaultValue={v('categories')}
            hint="Endereços das categorias separados por vírgula (ex.: moda-praia). Vazio: a loja toda."
          />
          <fieldset>
            <legend>Brinde (só para o tipo Brinde)</legend>
            <FieldList idPrefix="coupon" fields={GIFT_FIELDS} value={v} />
          </fieldset>
          <button type="submit" className="button button--primary">
            {coupon ? 'Salvar cupom' : 'Criar cupom'}
          </button>
        </>
      )}
    </CodedForm>
  );
}

/** Ending a coupon now: the only way a coupon goes (it is never deleted; its uses stay). */
export function EndCouponForm({ coupon }: { coupon: AdminCoupon }) {
  return (
    <form className="account-form backoffice__step" method="post" action={`${COUPONS}/${coupon.id}/encerrar`}>
      <input type="hidden" name="version" value={String(coupon.version)} />
      <p>Encerrar agora: o cupom deixa de valer nas sacolas; os pedidos que já o usaram não mudam.</p>
      <button type="submit" className="button">
        Encerrar cupom
      </button>
    </form>
  );
}
