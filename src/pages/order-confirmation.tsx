import type { Context } from 'hono';
import type { OrderPurchase } from './order-purchase';
import { ORDER_STATUS_LABELS, type OrderConfirmation, type OrderDetail } from '../contracts/orders';
import { DomainError } from '../commerce/domain-error';
import { parseOrderIds } from '../lib/checkout/order-ids';
import { maskCpf, maskEmail, maskName } from '../lib/customer/cpf';
import { methodLabel, paymentMethod } from '../lib/payments/payment-methods';
import { formatBRL } from '../lib/format/money';
import type { AppEnv } from '../env';
import { CopyButton } from '../../client/islands/common/copy-button';
import { OrderTracker } from '../../client/islands/orders/order-tracker';
import { LazyIsland } from './lazy-island';
import { notFound } from './not-found';
import { purchaseEvents } from './order-purchase';
import { actionHref } from '../lib/payments/payment-action';
import { pixQrSvg } from '../lib/payments/pix-qr';
import { renderPage } from './render';
import { BOLETO_CONFIRMATION } from '../lib/payments/boleto-terms';
import { formatDateTime } from '../lib/format/dates';
import { BoletoPay, PrintBoletoLink, TestPaymentNote } from './boleto-pay';
import { businessDaysLabel } from '../lib/format/text';
import { PRE_SALE_DELIVERY } from '../lib/checkout/pre-sale';
import { deadlineLabel } from '../ui/product/shipping-options';
import { OrderItems, OrderTotals } from '../ui/orders/order-items-summary';
import { CancelledPayment } from './retry-box';

const DATE = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', dateStyle: 'short' });

/** The headers every page behind a confirmation token carries: never cached, token never leaked by Referer. */
export function privatePage(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
}

/** Loads what a confirmation token opens, or null (→ 404) for bad ids, a bad token or someone else's orders. */
export async function loadConfirmation(
  c: Context<AppEnv>,
): Promise<{ ids: number[]; token: string; data: OrderConfirmation } | null> {
  const ids = parseOrderIds(c.req.param('orderIds') ?? '');
  const token = c.req.query('token') ?? '';
  if (!ids || !token) return null;
  try {
    return { ids, token, data: await c.var.commerce.order(ids, token) };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function OrderCard({ order, imageHost }: { order: OrderDetail; imageHost: string }) {
  const option = order.shippingOption;
  return (
    <section className="order-card" aria-labelledby={`pedido-${order.id}`}>
      <header className="order-card__head">
        <h2 id={`pedido-${order.id}`}>{`Pedido nº ${order.id}`}</h2>
        <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
      </header>
      <p className="order-card__delivery">
        {order.pickup
          ? `Retirada na loja ${order.storeName} — ${deadlineLabel(option).toLowerCase()}.`
          : `${option.carrier}: entrega em até ${businessDaysLabel(option.deadline)}${order.address ? ` em ${order.address.city}/${order.address.state}` : ''}.`}
        {order.items.some((item) => item.preSale) ? ` ${PRE_SALE_DELIVERY}` : null}
      </p>
      <OrderItems order={order} imageHost={imageHost} />
      <OrderTotals order={order} />
    </section>
  );
}

function PaymentInstructions({
  data,
  ids,
  token,
  simulation,
}: {
  data: OrderConfirmation;
  ids: number[];
  token: string;
  simulation: boolean;
}) {
  const first = data.orders[0]!;
  const payment = first.payment;
  const method = methodLabel(payment.methodId);
  const simulate = `/checkout/order/${ids.join('-')}/simular-pagamento?token=${encodeURIComponent(token)}`;
  if (data.status === 'expired')
    return (
      <p className="payment-box payment-box--warn">
        O prazo de pagamento terminou e o pedido expirou. Os produtos voltaram ao estoque.
      </p>
    );
  if (data.status === 'cancelled') return <CancelledPayment data={data} ids={ids} token={token} />;
  if (data.status !== 'pending') {
    const card = payment.cardLast4 ? ` · ${payment.cardBrand ?? 'cartão'} final ${payment.cardLast4}` : '';
    const parcels =
      payment.installments > 1
        ? ` · ${payment.installments}x de ${formatBRL(Math.floor(payment.charged / payment.installments))}`
        : '';
    return <p className="payment-box payment-box--ok">{`Pagamento aprovado (${method}${card}${parcels}).`}</p>;
  }
  if (payment.pix) {
    return (
      <section className="payment-box" aria-labelledby="pix-title">
        <h2 id="pix-title">Pague com Pix</h2>
        <p>
          Escaneie o QR Code no app do seu banco ou copie o código “Pix copia e cola”. Válido até{' '}
          {formatDateTime(payment.pix.expiresAt)}.
        </p>
        <div className="pix-qr" dangerouslySetInnerHTML={{ __html: pixQrSvg(payment.pix.payload) }} />
        <label className="field">
          <span>Pix copia e cola</span>
          <textarea readOnly rows={4} value={payment.pix.payload} className="pix-code" />
        </label>
        <LazyIsland
          name="CopyButton"
          component={CopyButton}
          props={{ text: payment.pix.payload, label: 'Copiar código Pix' }}
        />
        {simulation ? <SandboxPay action={simulate} /> : payment.sandbox ? <TestPaymentNote /> : null}
      </section>
    );
  }
  if (payment.boleto) {
    return (
      <section className="payment-box" aria-labelledby="boleto-title">
        <h2 id="boleto-title">Pague o boleto</h2>
        <p>{`Vencimento: ${DATE.format(new Date(`${payment.boleto.dueDate}T00:00:00Z`))}; ${BOLETO_CONFIRMATION}.`}</p>
        <BoletoPay boleto={payment.boleto}>
          <PrintBoletoLink href={`/checkout/order/${ids.join('-')}/boleto?token=${encodeURIComponent(token)}`} />
        </BoletoPay>
        {simulation ? <SandboxPay action={simulate} /> : payment.sandbox ? <TestPaymentNote /> : null}
      </section>
    );
  }
  if (payment.actionUrl) {
    const back = `/checkout/order/${ids.join('-')}?token=${encodeURIComponent(token)}`;
    return (
      <p className="payment-box">
        Falta concluir o pagamento ({method}).{' '}
        <a className="button" href={actionHref(payment.actionUrl, back)}>
          {paymentMethod(payment.methodId)?.kind === 'wallet' ? 'Pagar com PayPal' : 'Continuar pagamento'}
        </a>
      </p>
    );
  }
  return <p className="payment-box">Aguardando a confirmação do pagamento ({method}).</p>;
}

/** Sandbox only: stands in for the bank confirming the Pix/boleto. */
function SandboxPay({ action }: { action: string }) {
  return (
    <form method="post" action={action} className="sandbox-form">
      <p className="sandbox-form__note">Ambiente de testes: nenhum valor é cobrado.</p>
      <button type="submit" className="button button--ghost">
        Simular pagamento
      </button>
    </form>
  );
}

function Customer({ order }: { order: OrderDetail }) {
  return (
    <section className="order-customer" aria-labelledby="dados-title">
      <h2 id="dados-title">Seus dados</h2>
      <dl>
        <div>
          <dt>Nome</dt>
          <dd>{maskName(order.customer.name)}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{maskEmail(order.customer.email)}</dd>
        </div>
        <div>
          <dt>CPF</dt>
          <dd>{maskCpf(order.customer.cpf)}</dd>
        </div>
        {order.address ? (
          <div>
            <dt>Entrega</dt>
            <dd>
              {order.address.city}/{order.address.state} · CEP {order.address.zipCode.slice(0, 5)}-***
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export function OrderConfirmationPage({
  data,
  ids,
  token,
  purchases,
  simulation = false,
  imageHost,
}: {
  data: OrderConfirmation;
  ids: number[];
  token: string;
  purchases: OrderPurchase[];
  /** The sandbox bank's "Simular pagamento" is offered (sandbox payments mode only). */
  simulation?: boolean;
  /** Where the items' thumbnails come from (config IMAGE_HOST). */
  imageHost: string;
}) {
  const pending = data.status === 'pending';
  const statusUrl = pending ? `/api/order-status?orderIds=${ids.join('-')}&token=${encodeURIComponent(token)}` : null;
  return (
    <article className="content-page order-confirmation">
      <h1>{pending ? 'Pedido recebido!' : data.status === 'paid' ? 'Compra confirmada!' : 'Seu pedido'}</h1>
      <p className="content-page__lead">
        {data.orders.length > 1
          ? `Sua compra foi dividida em ${data.orders.length} pedidos (um por local de envio). `
          : ''}
        Total: <strong>{formatBRL(data.total)}</strong>
      </p>
      <PaymentInstructions data={data} ids={ids} token={token} simulation={simulation} />
      <LazyIsland name="OrderTracker" component={OrderTracker} props={{ statusUrl, purchases }} />
      {data.orders.map((order) => (
        <OrderCard key={order.id} order={order} imageHost={imageHost} />
      ))}
      <Customer order={data.orders[0]!} />
      <p>
        <a className="button button--ghost" href="/">
          Continuar comprando
        </a>
      </p>
    </article>
  );
}

/** GET /checkout/order/{ids}?token= */
export async function orderConfirmationRoute(c: Context<AppEnv>): Promise<Response> {
  privatePage(c);
  const loaded = await loadConfirmation(c);
  if (!loaded) return notFound(c);
  return renderPage(
    c,
    <OrderConfirmationPage
      data={loaded.data}
      ids={loaded.ids}
      token={loaded.token}
      purchases={purchaseEvents(loaded.data)}
      simulation={c.var.paymentsMode === 'sandbox'}
      imageHost={c.var.config.imageHost}
    />,
    {
      meta: { title: 'Pedido recebido', description: 'Confirmação do seu pedido.' },
      // Not `checkout`: the order is done and the shopper gets the store's header back.
      bodyClass: 'order-page',
    },
  );
}
