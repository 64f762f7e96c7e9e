import { beforeAll, describe, expect, it } from 'vitest';
import { OmnichannelResponseSchema, type OmnichannelResponse } from '../../src/contracts/shipping';
import { newCartWith, cartOf, cookiesOf, errorOf, getCart, post, skus } from './cart-helpers';
import { makeApp, makeProxyPair, ORIGIN, seed } from './app-harness';

/** Issue 14's spec gaps on the API, each against real D1 (both adapters where the gap was the proxy's). */
const app = makeApp({ CART_MAX_ITEM_AMOUNT: '999' });
const CEP = '01310100';

const setCookieLine = (res: Response, name: string) => res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));

async function quote(query: string, cookie?: string): Promise<OmnichannelResponse> {
  const res = await app.request(`/api/omnichannel?${query}`, cookie ? { headers: { cookie } } : undefined);
  expect(res.status, await res.clone().text()).toBe(200);
  return OmnichannelResponseSchema.parse(await res.json());
}

const normalPrices = (r: OmnichannelResponse) =>
  Object.values(r).flatMap((list) => list.filter((o) => o.type === 'normal').map((o) => o.price));

describe('spec gaps (issue 14)', () => {
  beforeAll(() => seed());

  it('an add to cart sets `cart` and `cart_domain` (spec §3), HttpOnly and SameSite=Strict', async () => {
    const [a] = await skus(1);
    const res = await post(app, '/api/cart', { productItemId: a!.id, amount: 1, cartId: null });
    const cart = await cartOf(res.clone());
    expect(cookiesOf(res)).toMatchObject({ cart: cart.hash, cart_domain: 'localhost' });
    for (const name of ['cart', 'cart_domain']) {
      const line = setCookieLine(res, name)!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Strict/i);
      expect(line).toMatch(/Path=\//);
    }
    // Exactly one `cart` cookie per answer (the route and the cart-cookie middleware share the work).
    expect(res.headers.getSetCookie().filter((l) => l.startsWith('cart='))).toHaveLength(1);
  });

  it('proxy mode: the storefront sets its own `cart` cookie, so /sacola and the no-JS cart work over an upstream', async () => {
    const { proxy } = makeProxyPair();
    const [a] = await skus(1);
    const res = await post(proxy, '/api/cart', { productItemId: a!.id, amount: 1, cartId: null });
    const cart = await cartOf(res.clone());
    const cookies = cookiesOf(res);
    expect(cookies.cart).toBe(cart.hash);
    expect(cookies.cart_domain).toBe('localhost');
    const cookie = `cart=${cookies.cart}`;
    const page = await (await proxy.request('/sacola', { headers: { cookie } })).text();
    expect(page).toContain(a!.name);
    expect(page).not.toContain('Sua sacola está vazia.');
    // The no-JS add (a form post) on the proxy: the cookie comes with the 303 and the cart page shows both.
    const [b] = await skus(2);
    const added = await proxy.request('/sacola/adicionar', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({
        productItemId: String(b === a ? a!.id : b!.id),
        amount: '1',
        back: '/sacola',
      }).toString(),
      redirect: 'manual',
    });
    expect(added.status).toBe(303);
    const again = await (await proxy.request('/sacola', { headers: { cookie } })).text();
    expect(again).toContain(a!.name);
  });

  it("the product page's quote with the cart's id (or its cookie) follows the cart's free shipping", async () => {
    const [a] = await skus(1);
    const filled = await newCartWith(app, [a!]);
    await cartOf(
      await post(app, '/api/coupon/discount', {
        coupon: 'FRETEGRATIS',
        shoppingCart: filled.hash,
        agent: null,
        applicationId: null,
      }),
    );
    const skuCode = await skuOf(a!.id);
    const alone = await quote(`zip_code=${CEP}&sku=${skuCode}`);
    expect(normalPrices(alone).some((p) => p > 0)).toBe(true);
    const withHash = await quote(`zip_code=${CEP}&sku=${skuCode}&shopping_cart_hash=${filled.hash}`);
    expect(normalPrices(withHash).every((p) => p === 0)).toBe(true);
    // The page's script cannot read the HttpOnly cookie: the server takes the cart from it.
    const withCookie = await quote(`zip_code=${CEP}&sku=${skuCode}`, `cart=${filled.hash}`);
    expect(withCookie).toEqual(withHash);
  });

  it("GET /api/omnichannel in the checkout's form (`cart` + `zip_code`) quotes the cart", async () => {
    const filled = await newCartWith(app, await skus(2));
    const byCart = await quote(`cart=${filled.hash}&zip_code=${CEP}`);
    const bySideCart = await quote(`zip_code=${CEP}&total_sale=${filled.subtotal}&shopping_cart_hash=${filled.hash}`);
    expect(byCart).toEqual(bySideCart);
    expect(Object.keys(byCart).length).toBeGreaterThan(0);
    // An unknown cart with nothing else to quote is a clear 404, not a 500.
    const unknown = await errorOf(
      await app.request(`/api/omnichannel?cart=naoexisteessasacola123&zip_code=${CEP}`),
      404,
    );
    expect(unknown.error).toMatch(/[Ss]acola/);
    const missing = await errorOf(await app.request(`/api/omnichannel?zip_code=${CEP}`), 400);
    expect(missing.error).toContain('Informe o produto');
  });

  it('removing the last paid item takes the lone gift line and the shipping choice with it', async () => {
    const [a] = await skus(1);
    const filled = await newCartWith(app, [a!]);
    const withGift = await cartOf(
      await post(app, '/api/coupon/discount', {
        coupon: 'BRINDEVERAO',
        shoppingCart: filled.hash,
        agent: null,
        applicationId: null,
      }),
    );
    expect(withGift.items.filter((i) => i.product.gift)).toHaveLength(1);
    const paid = withGift.items.find((i) => !i.product.gift)!;
    const after = await cartOf(
      await post(app, '/api/cart', { itemId: paid.id_item_cart, cartId: filled.hash }, undefined, 'DELETE'),
    );
    expect(after.items).toEqual([]);
    expect(after.count).toBe(0);
    expect(after.total).toBe(0);
    expect(after.shippingSelection).toEqual([]);
    const fetched = await getCart(app, filled.hash);
    if (fetched.status === 200) expect(((await fetched.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('PATCH /api/cart records the e-mail on the cart', async () => {
    const filled = await newCartWith(app, await skus(1));
    await cartOf(await post(app, '/api/cart', { email: 'ana@exemplo.com', cartId: filled.hash }, undefined, 'PATCH'));
    const { env } = await import('cloudflare:workers');
    expect(await env.DB.prepare('SELECT email FROM carts WHERE id = ?').bind(filled.hash).first('email')).toBe(
      'ana@exemplo.com',
    );
  });

  it('/api/coupon/discount takes a numeric applicationId (the app sends one)', async () => {
    const filled = await newCartWith(app, await skus(1));
    const cart = await cartOf(
      await post(app, '/api/coupon/discount', {
        coupon: 'BEMVINDO10',
        shoppingCart: filled.hash,
        agent: 'app',
        applicationId: 3,
      }),
    );
    expect(cart.coupon?.code).toBe('BEMVINDO10');
    const bad = await errorOf(
      await post(app, '/api/coupon/discount', {
        coupon: 'BEMVINDO10',
        shoppingCart: filled.hash,
        applicationId: { x: 1 },
      }),
      400,
    );
    expect(bad.code).toBe('VALIDATION');
  });

  it.each([0, -5, 'dez', null])('cashback %s is refused with the title "Cashback inválido!"', async (cashback) => {
    const filled = await newCartWith(app, await skus(1));
    const body = await errorOf(await post(app, '/api/cashback', { cashback, shoppingCart: filled.hash }), 400);
    expect(body).toMatchObject({
      title: 'Cashback inválido!',
      error: 'Cashback já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
    });
  });
});

async function skuOf(productItemId: number): Promise<string> {
  const { env } = await import('cloudflare:workers');
  const row = await env.DB.prepare('SELECT sku FROM product_items WHERE id = ?')
    .bind(productItemId)
    .first<{ sku: string }>();
  return row!.sku;
}
