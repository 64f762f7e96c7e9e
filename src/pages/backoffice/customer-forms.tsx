import type { AdminCustomer } from '../../contracts/customers-admin';
import { formatBRL } from '../../lib/format/money';
import { Checkbox, Field, FormError } from '../../ui/account/field';
import { CUSTOMERS } from './customers-view';

type FormState = { form: 'cashback' | 'erase'; error: string; values: Record<string, string | undefined> } | null;

/** A customer's three actions (customers:write): adjust cashback with a reason, LGPD export, LGPD erase. */
export function CustomerForms({ customer: c, form }: { customer: AdminCustomer; form: FormState }) {
  const mine = (which: 'cashback' | 'erase') => (form?.form === which ? form : null);
  const base = `${CUSTOMERS}/${c.id}`;
  return (
    <>
      <form
        className="account-form backoffice__step"
        method="post"
        action={`${base}/cashback`}
        data-testid="cashback-form"
      >
        <h2>Ajustar cashback</h2>
        <FormError text={mine('cashback')?.error ?? null} />
        <input type="hidden" name="balance" value={String(c.cashback.balance)} />
        <p>Saldo agora: {formatBRL(c.cashback.balance)}</p>
        <Field
          idPrefix="cashback"
          name="amount"
          label="Valor (R$; use − para retirar)"
          required
          defaultValue={mine('cashback')?.values.amount ?? ''}
        />
        <Field
          idPrefix="cashback"
          name="reason"
          label="Motivo"
          required
          maxLength={200}
          defaultValue={mine('cashback')?.values.reason ?? ''}
        />
        <button type="submit" className="button button--primary">
          Salvar ajuste
        </button>
      </form>
      <h2>LGPD</h2>
      <form className="account-form backoffice__step" method="post" action={`${base}/exportar`}>
        <p>Baixa em JSON tudo o que a loja guarda deste cliente (a exportação fica registrada na auditoria).</p>
        <button type="submit" className="button">
          Exportar dados (JSON)
        </button>
      </form>
      <form className="account-form backoffice__step" method="post" action={`${base}/apagar`} data-testid="erase-form">
        <FormError text={mine('erase')?.error ?? null} />
        <p>
          Apagar os dados pessoais: nome, e-mail, CPF, telefone e endereços são anonimizados, as sessões terminam e a
          conta não entra mais. Os pedidos ficam (registros fiscais), com os dados pessoais anonimizados. Não dá para
          desfazer.
        </p>
        <Checkbox idPrefix="erase" name="confirm" label="Confirmo o pedido do titular para apagar os dados pessoais" />
        <button type="submit" className="button">
          Apagar dados pessoais
        </button>
      </form>
    </>
  );
}
