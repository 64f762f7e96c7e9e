import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { formErrorHandler } from '../account/forms';
import { auditRoutes } from './audit-routes';
import { exchangeRoutes } from './exchange-routes';
import { inviteRoutes } from './invite-routes';
import { asStaff, ORDERS } from './operator-frame';
import { orderRoutes } from './order-routes';
import { staffRoutes } from './staff-routes';
import { stockRoutes } from './stock-routes';
import { productRoutes } from './product-routes';
import { importRoutes } from './import-routes';
import { couponRoutes } from './coupon-routes';
import { contentRoutes } from './content-routes';
import { customerRoutes } from './customer-routes';
import { exportRoutes } from './export-routes';
import { photoRoutes } from './photo-routes';

/**
 * The back office (ADR 0010, ADR 0028): staff only, every mutation behind its permission (asStaff); form errors
 * re-render the page (formErrorHandler). The invitation page is public (its token is the credential).
 */
export const backofficePages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get(
    '/painel',
    asStaff(null, (c) => c.redirect(ORDERS, 302)),
  )
  .route('/', orderRoutes)
  .route('/', exchangeRoutes)
  .route('/', staffRoutes)
  .route('/', auditRoutes)
  .route('/', inviteRoutes)
  .route('/', stockRoutes)
  .route('/', productRoutes)
  .route('/', importRoutes)
  .route('/', couponRoutes)
  .route('/', contentRoutes)
  .route('/', customerRoutes)
  .route('/', exportRoutes)
  .route('/', photoRoutes);
