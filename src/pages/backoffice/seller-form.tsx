import type { AdminSeller } from '../../contracts/promotions-admin';
import { Checkbox, Field } from '../../ui/account/field';
import { CodedForm, formReaders, type FormState } from './coded-form';
import { SELLERS } from './coupon-input';
import { sellerFormValues } from './seller-input';

/** Create (no seller) or edit a seller code; `shown` (hidden) is the snapshot a stale save's 409 compares with. */
export function SellerForm({ seller: s, form }: { seller: AdminSeller | null; form: FormState }) {
  const shown = sellerFormValues(s);
  const { v, on } = formReaders(form?.values ?? null, shown);
  return (
    <CodedForm
      testId="seller-form"
      base={SELLERS}
      form={form}
      record={s}
      shown={shown}
      codeField={
        <Field idPrefix="seller" name="code" label="Código" required maxLength={40} defaultValue={v('code')} />
      }
    >
      <Field idPrefix="seller" name="name" label="Nome do vendedor" required maxLength={120} defaultValue={v('name')} />
      <Field
        idPrefix="seller"
        name="discountPct"
        label="Desconto (%)"
        inputMode="numeric"
        required
        defaultValue={v('discountPct')}
      />
      <Checkbox
        idPrefix="seller"
        name="freeNormalShipping"
        label="Frete normal grátis"
        defaultChecked={on('freeNormalShipping')}
      />
      <Checkbox
        idPrefix="seller"
        name="freeExpressShipping"
        label="Frete expresso grátis"
        defaultChecked={on('freeExpressShipping')}
      />
      <Checkbox idPrefix="seller" name="active" label="Ativo (aceito na sacola)" defaultChecked={on('active')} />
      <button type="submit" className="button button--primary">
        {s ? 'Salvar código' : 'Criar código'}
      </button>
    </CodedForm>
  );
}
