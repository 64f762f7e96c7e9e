import { Hono } from 'hono';
import { jsonBody } from '../../http/body';
import { CartIdBodySchema, CartUserSchema, ValidateShippingSchema } from '../../contracts/promotions';
import type { AppEnv } from '../../env';
import type { Cart } from '../../contracts/cart';
import { setCartCookies } from '../../http/cookies';
import type { Context } from 'hono';

/** A cart bound or checked here becomes this browser's: its `cart` cookies (no request token: the bag's own answers set it). */
function withCartCookie(c: Context<AppEnv>, cart: Cart): Response {
  setCartCookies(c, cart.hash);
  return c.json(cart);
}

/** The cart's calls beyond item CRUD: owner binding, shipping choice and the stock check (spec §7). */
export const cartLifecycleRoutes = new Hono<AppEnv>()
  .post('/cart/user', async (c) => {
    const body = await jsonBody(c, CartUserSchema);
    return withCartCookie(c, await c.var.commerce.attachCartToCustomer({ cartId: body.shoppingCart ?? null }));
  })
  .post('/cart/progressive', async (c) =>
    withCartCookie(c, await c.var.commerce.progressiveCart((await jsonBody(c, CartIdBodySchema)).cartId)),
  )
  .post('/cart/validate-shipping', async (c) => {
    const body = await jsonBody(c, ValidateShippingSchema);
    return c.json(
      await c.var.commerce.validateShipping({
        cartId: body.cartId,
        selectedOption: body.selectedOption,
        shippingInformation: body.shippingInformation,
        zip_code: body.zip_code,
      }),
    );
  })
  .post('/verify-stock', async (c) =>
    c.json(await c.var.commerce.verifyStock((await jsonBody(c, CartIdBodySchema)).cartId)),
  );
