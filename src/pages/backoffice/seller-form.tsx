import type { AdminSeller } from '../../contracts/promotions-admin';
import { Checkbox, Field } from '../../ui/account/field';
import { CodedForm, formReaders } from './coded-form';
import { SELLERS } from './coupon-input';
import { sellerFormValues } from './seller-input';

type Fields = Record<string, string | undefined>;

/** Create (no seller) or edit a seller code; `shown` (hidden) is the snapshot a stale save's 409 compares with. */
export function SellerForm(props: { seller: AdminSeller | null; error: string | null; values: Fields | null }) {
  const s = props.seller;
  const shown = sellerFormValues(s);
  const { v, on } = formReaders(props.values, shown);
  return (
    <CodedForm
      testId="seller-form"
      action={s ? `${SELLERS}/${s.id}` : SELLERS}
      error={props.error}
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
