import type { AdminSeller } from '../../contracts/promotions-admin';
import { Checkbox, Field } from '../../ui/account/field';
import { CodedForm, type CodedKind, type FormState } from './coded-form';
import { SELLERS } from './coupon-input';
import { sellerFormValues } from './seller-input';

const SELLER_FORM: CodedKind<AdminSeller> = {
  testId: 'seller-form',
  base: SELLERS,
  idPrefix: 'seller',
  values: sellerFormValues,
};

/** Create (no seller) or edit a seller code. */
export function SellerForm({ seller, form }: { seller: AdminSeller | null; form: FormState }) {
  return (
    <CodedForm of={SELLER_FORM} form={form} record={seller}>
      {({ v, on }) => (
        <>
          <Field
            idPrefix="seller"
            name="name"
            label="Nome do vendedor"
            required
            maxLength={120}
            defaultValue={v('name')}
          />
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
            {seller ? 'Salvar código' : 'Criar código'}
          </button>
        </>
      )}
    </CodedForm>
  );
}
