import type { Context } from 'hono';
import type { OrderDetail } from '../contracts/orders';
import type { AppEnv } from '../env';
import { formatDigitableLine } from '../lib/payments/boleto';
import { itfBars } from '../lib/payments/itf';
import { formatBRL } from '../lib/format/money';
import { notFound } from './not-found';
import { loadConfirmation, privatePage } from './order-confirmation';
import { renderPage } from './render';

/** The bar code a bank counter or an app scans (ITF, lib/payments/itf.ts), drawn at print size; the digits follow it. */
function BarCode({ digits }: { digits: string }) {
  const drawn = itfBars(digits);
  if (!drawn) return null;
  return (
    <svg
      className="boleto-bars"
      viewBox={`0 0 ${drawn.width} 40`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      aria-hidden="true"
      focusable="false"
    >
      {drawn.bars.map((bar) => (
        <rect key={bar.x} x={bar.x} width={bar.width} height="40" />
      ))}
    </svg>
  );
}

/**
 * The printable boleto of `order` (the first of the orders `ids` its payment covers): the confirmation token's
 * page and "Minha conta"'s both render it. Never cached, never a Referer.
 */
export function renderBoleto(c: Context<AppEnv>, ids: number[], order: OrderDetail): Response | Promise<Response> {
  const boleto = order.payment.boleto;
  if (!boleto) return notFound(c);
  privatePage(c);
  return renderPage(
    c,
    <article className="content-page boleto-print">
      <h1>Boleto bancário</h1>
      <dl className="boleto">
        <div>
          <dt>Beneficiário</dt>
          <dd>Vitrine Moda Ltda.</dd>
        </div>
        <div>
          <dt>Pagador</dt>
          <dd>{order.customer.name}</dd>
        </div>
        <div>
          <dt>Pedido(s)</dt>
          <dd>{ids.join(', ')}</dd>
        </div>
        <div>
          <dt>Vencimento</dt>
          <dd>{boleto.dueDate.split('-').reverse().join('/')}</dd>
        </div>
        <div>
          <dt>Valor</dt>
          <dd>{formatBRL(order.payment.charged)}</dd>
        </div>
      </dl>
      <p className="boleto-line">{formatDigitableLine(boleto.digitableLine)}</p>
      <BarCode digits={boleto.barcode} />
      <p className="boleto-barcode" aria-label="Código de barras">
        {boleto.barcode}
      </p>
      {boleto.pixPayload ? (
        <p>
          Ou pague com Pix (copia e cola): <code className="pix-code">{boleto.pixPayload}</code>
        </p>
      ) : null}
      {c.var.paymentsMode === 'sandbox' || order.payment.sandbox ? (
        <p className="sandbox-form__note">
          Ambiente de testes: este boleto não é compensado por nenhum banco. Use “Imprimir” do navegador (Ctrl+P).
        </p>
      ) : (
        <p>Use “Imprimir” do navegador (Ctrl+P) ou pague pela linha digitável no app do seu banco.</p>
      )}
    </article>,
    { meta: { title: 'Boleto bancário', description: 'Boleto do seu pedido.' }, bodyClass: 'checkout boleto-page' },
  );
}

/** GET /checkout/order/{ids}/boleto?token=: the printable boleto. */
export async function boletoPage(c: Context<AppEnv>): Promise<Response> {
  privatePage(c);
  const loaded = await loadConfirmation(c);
  return loaded ? renderBoleto(c, loaded.ids, loaded.data.orders[0]!) : notFound(c);
}
