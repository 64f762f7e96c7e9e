import type { RefundPayout } from '../../contracts/refund-payout';
import { formatDateTime } from '../../lib/format/dates';
import { formatBRL } from '../../lib/format/money';
import { Field, FormError, FormSubmit } from './field';

export interface PayoutForm {
  values: Record<string, string>;
  errors: Record<string, string>;
  error: string | null;
}

/** The bank account a transfer goes to, as the form asks for it. */
const PAYOUT_FIELDS = [
  { name: 'bank', label: 'Banco (código de 3 dígitos)', inputMode: 'numeric', maxLength: 3 },
  { name: 'agency', label: 'Agência', inputMode: 'numeric', maxLength: 6 },
  { name: 'account', label: 'Conta com dígito', maxLength: 20 },
  { name: 'holderCpf', label: 'CPF do titular da conta', inputMode: 'numeric', maxLength: 14 },
] as const;

/**
 * A paid boleto of a cancelled order is refunded by bank transfer: the shopper gives the account here, may
 * correct it until the store pays it out, and then reads when it was paid.
 */
export function RefundPayoutBox({
  orderId,
  payout,
  form,
}: {
  orderId: number;
  payout: RefundPayout;
  form: PayoutForm | null;
}) {
  const given = payout.given;
  return (
    <section className="order-payout" aria-labelledby="payout-title" data-testid="refund-payout">
      <h2 id="payout-title">Reembolso por transferência</h2>
      {payout.paidOutAt ? (
        <>
          <FormError text={form?.error ?? null} />
          <p>
            Transferimos {formatBRL(payout.amount)} para a sua conta em{' '}
            <time dateTime={payout.paidOutAt}>{formatDateTime(payout.paidOutAt)}</time>.
          </p>
        </>
      ) : (
        <>
          <p>
            O boleto deste pedido foi pago e o pedido foi cancelado. Como o boleto não pode ser estornado, devolvemos{' '}
            <strong>{formatBRL(payout.amount)}</strong> por transferência para uma conta em nome de quem você indicar.
          </p>
          {given ? (
            <p>
              Dados recebidos: banco {given.bank} · agência {given.agency} · conta {given.account} · CPF do titular{' '}
              {given.holderCpf}. Você pode corrigi-los até fazermos a transferência.
            </p>
          ) : null}
          <form
            method="post"
            action={`/minha-conta/pedidos/${orderId}/dados-bancarios`}
            className="account-form"
            noValidate
          >
            {PAYOUT_FIELDS.map((field) => (
              <Field
                key={field.name}
                idPrefix="payout"
                {...field}
                defaultValue={form?.values[field.name] ?? ''}
                error={form?.errors[field.name]}
              />
            ))}
            <FormSubmit
              error={form?.error ?? null}
              label={given ? 'Corrigir dados bancários' : 'Enviar dados bancários'}
            />
          </form>
        </>
      )}
    </section>
  );
}
