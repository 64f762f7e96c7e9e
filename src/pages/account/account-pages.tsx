import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { OrderDetail } from '../../contracts/orders';
import type { AppEnv } from '../../env';
import { renderBoleto } from '../boleto-print';
import { ACCOUNT_PAGES } from '../content/account-pages';
import { forAccount } from '../../ui/account/account-layout';
import { notFound } from '../not-found';
import { idParam, page, pageMeta, signedIn } from './account-frame';
import { addressRoutes } from './address-routes';
import { CashbackView } from './cashback-view';
import { exchangeRoutes } from './exchange-routes';
import { FavoritesList } from './favorites-view';
import { failure, formErrorHandler, readForm } from './forms';
import { retryAccountOrderAction } from '../order-retry';
import { OrderList, OrderView, pendingBoleto } from './orders-view';
import { profileRoutes } from './profile-routes';
import { SalesView } from './sales-view';
import { RefundPayoutBox, type PayoutForm } from '../../ui/account/refund-payout-view';
import { RefundBankDetailsSchema } from '../../contracts/refund-payout';
import { Notice } from '../../ui/account/auth-layout';

/** The account area (spec §2): every page needs a session; form errors re-render the page (formErrorHandler). */
export const accountPages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get(
    '/minha-conta',
    signedIn((c, me) =>
      page(
        c,
        '/minha-conta',
        <>
          <p className="account__hello">Olá, {me.name.split(/\s+/)[0]}!</p>
          <p>{pageMeta('/minha-conta').lead}</p>
          <ul className="account-cards">
            {ACCOUNT_PAGES.filter((p) => p.path !== '/minha-conta' && forAccount(p.path, me.seller)).map((p) => (
              <li key={p.path}>
                <a href={p.path}>
                  <strong>{p.title}</strong>
                  <span>{p.lead}</span>
                </a>
              </li>
            ))}
          </ul>
          {me.superUser ? (
            <p>
              <a className="button" href="/painel">
                Painel da loja
              </a>
            </p>
          ) : null}
        </>,
      ),
    ),
  )
  .get(
    '/minha-conta/favoritos',
    signedIn(async (c) => {
      const { favorites } = await c.var.commerce.favorites({ pdc: true });
      return page(
        c,
        '/minha-conta/favoritos',
        <FavoritesList favorites={favorites} imageHost={c.var.config.imageHost} />,
      );
    }),
  )
  .post(
    '/minha-conta/favoritos/:id/remover',
    signedIn(async (c) => {
      await readForm(c);
      await c.var.commerce.removeFavorite(idParam(c)).catch(() => null);
      return c.redirect('/minha-conta/favoritos', 303);
    }),
  )
  .route('/', profileRoutes)
  .route('/', addressRoutes)
  .route('/', exchangeRoutes);

accountPages.get(
  '/minha-conta/pedidos',
  signedIn(async (c) => page(c, '/minha-conta/pedidos', <OrderList orders={await c.var.commerce.customerOrders()} />)),
);
/** The signed-in customer's order `:id`, or null: unknown, or another customer's (a 404 alike). */
async function ownOrder(c: Context<AppEnv>): Promise<OrderDetail | null> {
  try {
    return await c.var.commerce.orderDetail(Number(c.req.param('id')));
  } catch (error) {
    if (failure(error).status === 404) return null;
    throw error;
  }
}

/** One address per order: `/minha-conta/pedidos/03` (and its boleto) moves to `/minha-conta/pedidos/3` (301). */
const leadingZeros: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.param('id') ?? '';
  if (!/^0+[1-9]/.test(raw)) return next();
  return c.redirect(c.req.path.replace(`/pedidos/${raw}`, `/pedidos/${raw.replace(/^0+/, '')}`), 301);
};

/** The customer's order; with a refund owed by transfer, its bank-details form (`form`: a refused post's values). */
async function orderPage(c: Context<AppEnv>, form: PayoutForm | null = null, status: 200 | 400 | 409 = 200) {
  const order = await ownOrder(c);
  if (!order) return notFound(c);
  const payout = await c.var.commerce.refundPayout(order.id);
  const body = (
    <>
      {c.req.query('dados') && !form ? (
        <Notice tone="success">Dados bancários recebidos. Avisaremos quando a transferência for feita.</Notice>
      ) : null}
      {payout ? <RefundPayoutBox orderId={order.id} payout={payout} form={form} /> : null}
      <OrderView order={order} imageHost={c.var.config.imageHost} own />
    </>
  );
  return page(c, '/minha-conta/pedidos', body, status, `Pedido nº ${order.id}`);
}

accountPages.get(
  '/minha-conta/pedidos/:id{[0-9]{1,12}}',
  leadingZeros,
  signedIn((c) => orderPage(c)),
);

/** The account a boleto's refund is paid into: validated, pt-BR messages per field; 303 back to the order. */
accountPages.post(
  '/minha-conta/pedidos/:id{[0-9]{1,12}}/dados-bancarios',
  signedIn(async (c) => {
    const values = await readForm(c);
    const parsed = RefundBankDetailsSchema.safeParse(values);
    const kept = {
      bank: values.bank ?? '',
      agency: values.agency ?? '',
      account: values.account ?? '',
      holderCpf: values.holderCpf ?? '',
    };
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return orderPage(c, { values: kept, errors, error: 'Confira os dados bancários destacados.' }, 400);
    }
    try {
      await c.var.commerce.giveRefundBank(idParam(c), parsed.data);
    } catch (error) {
      const { status, message } = failure(error, c);
      if (status === 404) return notFound(c);
      return orderPage(c, { values: kept, errors: {}, error: message }, status === 409 ? 409 : 400);
    }
    return c.redirect(`/minha-conta/pedidos/${idParam(c)}?dados=1`, 303);
  }),
);

/** The printable boleto of the customer's own order, while it is still to be paid (the token's page, without it). */
accountPages.get(
  '/minha-conta/pedidos/:id{[0-9]{1,12}}/boleto',
  leadingZeros,
  signedIn(async (c) => {
    const order = await ownOrder(c);
    return order && pendingBoleto(order) ? renderBoleto(c, [order.id], order) : notFound(c);
  }),
);

accountPages.post('/minha-conta/pedidos/:id{[0-9]{1,12}}/tentar-novamente', async (c) => {
  await readForm(c);
  return retryAccountOrderAction(c, idParam(c));
});

accountPages.get(
  '/minha-conta/cashback',
  signedIn(async (c) =>
    page(
      c,
      '/minha-conta/cashback',
      <CashbackView statement={await c.var.commerce.cashbackStatement()} now={new Date()} />,
    ),
  ),
);

accountPages.get(
  '/minha-conta/vendas',
  signedIn(async (c) => page(c, '/minha-conta/vendas', <SalesView report={await c.var.commerce.sales()} />)),
);
