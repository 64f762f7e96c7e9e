import { Hono } from 'hono';
import { affiliateRoutes } from './affiliate/routes';
import { cartCookies } from './cart/cart-cookies';
import { cartRequestTokenRoutes } from './cart/request-token-routes';
import { cartRoutes } from './cart/routes';
import { cartLifecycleRoutes } from './cart/lifecycle-routes';
import { cashbackRoutes } from './cashback/routes';
import { promotionsRoutes } from './promotions/routes';
import { leadsRoutes } from './leads/routes';
import { catalogRoutes } from './catalog/routes';
import { menusRoutes } from './menus/routes';
import { parametersRoutes } from './parameters/routes';
import { sitemapRoutes } from './sitemap/routes';
import { feedRoutes } from './feed/routes';
import { productRoutes } from './product/routes';
import { shippingRoutes } from './shipping/routes';
import type { UpstreamFetch } from './upstream-http';
import { whatsappRoutes } from './whatsapp/routes';
import { addressesRoutes, authRoutes, customerRoutes, favoritesRoutes } from './customers/routes';
import { exchangesRoutes } from './exchanges/routes';
import { backofficeRoutes } from './backoffice/routes';
import { stockAdminRoutes } from './stock-admin/routes';
import { catalogAdminRoutes } from './catalog-admin/routes';
import { ordersRoutes } from './orders/routes';
import { paymentsRoutes } from './payments/routes';
import { webhookRoutes } from './payments/live/routes';
import { DomainError } from './domain-error';
import type { AppEnv } from '../env';
import { appSessionRoutes } from './site/app-session';
import { rumRoutes } from './site/rum';
import { benchRoutes } from './site/bench';
import { apiErrorResponse } from '../http/errors';
import { refuseControlChars } from '../http/body';
import { jsonOnly, sameOrigin } from '../http/same-origin';
import { proxyHandler } from './proxy';

/** `/api/*`: the upstream proxy when `COMMERCE_API_URL` is set, otherwise the embedded backend. */
export function apiRoutes(doFetch: UpstreamFetch) {
  const embedded = new Hono<AppEnv>()
    .route('/', parametersRoutes)
    .route('/', menusRoutes)
    .route('/', whatsappRoutes)
    .route('/', catalogRoutes)
    .route('/', cartRoutes)
    .route('/', sitemapRoutes)
    .route('/', feedRoutes)
    .route('/', productRoutes)
    .route('/', shippingRoutes)
    .route('/', promotionsRoutes)
    .route('/', cashbackRoutes)
    .route('/', cartLifecycleRoutes)
    .route('/', customerRoutes)
    .route('/', favoritesRoutes)
    .route('/', addressesRoutes)
    .route('/', exchangesRoutes)
    .route('/', backofficeRoutes)
    .route('/', stockAdminRoutes)
    .route('/', catalogAdminRoutes)
    .route('/', ordersRoutes)
    .route('/', paymentsRoutes)
    .route('/', cartRequestTokenRoutes)
    .route('/', affiliateRoutes)
    .route('/', leadsRoutes)
    .route('/', benchRoutes);
  const proxy = proxyHandler(doFetch);

  const api = new Hono<AppEnv>();
  api.onError((error, c) => apiErrorResponse(c, error));
  // Set after the handler so a proxied answer cannot override it: /api carries per-shopper data.
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // Query strings too: a control character anywhere in one is a 400, like in a body (not silently dropped).
  api.use('*', async (c, next) => {
    refuseControlChars(c.req.queries());
    await next();
  });
  // Payment providers post from their servers: authenticated by the provider check, not by origin.
  api.route('/', webhookRoutes());
  api.use('*', sameOrigin, jsonOnly);
  // Session cookies are set by this worker in both modes, so these run before the proxy.
  api.route('/', authRoutes);
  // This site's own cookies, on both adapters: the app's session sync and the cart-request token; and its web vitals.
  api.route('/', appSessionRoutes);
  api.route('/', rumRoutes);
  api.use('/cart', cartCookies);
  api.all('*', async (c, next) => (c.var.config.upstream ? proxy(c) : next()));
  api.route('/', embedded);
  api.all('*', () => {
    throw new DomainError('NOT_FOUND', 'Recurso não encontrado.');
  });
  return api;
}
