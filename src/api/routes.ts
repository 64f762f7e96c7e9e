import { Hono } from 'hono';
import { catalogRoutes } from '../commerce/catalog/routes';
import { menusRoutes } from '../commerce/menus/routes';
import { parametersRoutes } from '../commerce/parameters/routes';
import { productRoutes } from '../commerce/product/routes';
import { shippingRoutes } from '../commerce/shipping/routes';
import type { UpstreamFetch } from '../commerce/upstream-http';
import { whatsappRoutes } from '../commerce/whatsapp/routes';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';
import { apiErrorResponse } from './errors';
import { sameOriginJson } from './guards';
import { proxyHandler } from './proxy';

/** `/api/*`: the upstream proxy when `COMMERCE_API_URL` is set, otherwise the embedded backend. */
export function apiRoutes(doFetch: UpstreamFetch) {
  const embedded = new Hono<AppEnv>()
    .route('/', parametersRoutes)
    .route('/', menusRoutes)
    .route('/', whatsappRoutes)
    .route('/', catalogRoutes)
    .route('/', productRoutes)
    .route('/', shippingRoutes);
  const proxy = proxyHandler(doFetch);

  const api = new Hono<AppEnv>();
  api.onError((error, c) => apiErrorResponse(c, error));
  api.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  api.use('*', sameOriginJson);
  api.all('*', async (c, next) => (c.var.config.upstream ? proxy(c) : next()));
  api.route('/', embedded);
  api.all('*', () => {
    throw new DomainError('NOT_FOUND', 'Recurso não encontrado.');
  });
  return api;
}
