import { Hono, type Context } from 'hono';
import { jsonBody } from '../../http/body';
import type { Cart } from '../../contracts/cart';
import { setFreeShippingCookies } from '../../http/cookies';
import { ApplyCouponSchema, SellerCouponSchema, ShoppingCartSchema } from '../../contracts/promotions';
import type { AppEnv } from '../../env';

export function withFreeShippingCookies<T extends Cart>(c: Context<AppEnv>, cart: T) {
  setFreeShippingCookies(c, cart);
  return c.json(cart);
}

const REMOVALS = [
  ['/coupon/remove-coupons', 'all'],
  ['/coupon/remove-coupon-discount', 'discount'],
  ['/coupon/remove-coupon-seller', 'seller'],
] as const;

export const promotionsRoutes = new Hono<AppEnv>()
  .post('/coupon/discount', async (c) => {
    const body = await jsonBody(c, ApplyCouponSchema);
    const result = await c.var.commerce.applyCoupon({
      cartId: body.shoppingCart,
      coupon: body.coupon ?? '',
      agent: body.agent,
      applicationId: body.applicationId,
    });
    return withFreeShippingCookies(c, result);
  })
  .post('/coupon/seller-coupon', async (c) => {
    const body = await jsonBody(c, SellerCouponSchema);
    return withFreeShippingCookies(
      c,
      await c.var.commerce.applySellerCode({ cartId: body.shoppingCart, coupon: body.coupon ?? '' }),
    );
  })
  .post('/coupon/reprocess', async (c) => {
    const body = await jsonBody(c, ShoppingCartSchema);
    return withFreeShippingCookies(c, await c.var.commerce.reprocessCoupons(body.shoppingCart));
  });

for (const [path, which] of REMOVALS) {
  promotionsRoutes.post(path, async (c) => {
    const body = await jsonBody(c, ShoppingCartSchema);
    return withFreeShippingCookies(c, await c.var.commerce.removeCoupons({ cartId: body.shoppingCart, which }));
  });
}
