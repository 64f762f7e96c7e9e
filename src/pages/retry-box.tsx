import type { OrderConfirmation } from '../contracts/orders';

const CANCELLED = 'Pagamento não aprovado: o pedido foi cancelado.';

/**
 * A cancelled checkout on its order page. When its payment was refused at its step (3-D Secure, Open Finance
 * consent), the way back to the bag: a plain form (with or without JavaScript) to `retryOrderAction`
 * (order-retry.ts).
 */
export function CancelledPayment({ data, ids, token }: { data: OrderConfirmation; ids: number[]; token: string }) {
  if (!data.orders.every((o) => o.payment.status === 'failed'))
    return <p className="payment-box payment-box--warn">{CANCELLED}</p>;
  return <RetryBox action={`/checkout/order/${ids.join('-')}/tentar-novamente?token=${encodeURIComponent(token)}`} />;
}

/** What the shopper is told and the "Tentar novamente" form (the order page's and "Minha conta"'s). */
export function RetryBox({ action }: { action: string }) {
  return (
    <section className="payment-box payment-box--warn" aria-labelledby="retry-title">
      <h2 id="retry-title">{CANCELLED}</h2>
      <p>Seus produtos voltam para a sacola para você escolher outra forma de pagamento.</p>
      <form method="post" action={action}>
        <button type="submit" className="button">
          Tentar novamente
        </button>
      </form>
    </section>
  );
}
