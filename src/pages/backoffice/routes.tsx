import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { formErrorHandler } from '../account/forms';
import { exchangeRoutes } from './exchange-routes';
import { asOperator, ORDERS } from './operator-frame';
import { orderRoutes } from './order-routes';
import { stockRoutes } from './stock-routes';
import { productRoutes } from './product-routes';
import { importRoutes } from './import-routes';

/** The back office (ADR 0010): super users only; form errors re-render the page (formErrorHandler). */
export const backofficePages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get(
    '/painel',
    asOperator((c) => c.redirect(ORDERS, 302)),
  )
  .route('/', orderRoutes)
  .route('/', exchangeRoutes)
  .route('/', stockRoutes)
  .route('/', productRoutes)
  .route('/', importRoutes);
