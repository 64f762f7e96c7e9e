import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinishOrderResult } from '../../src/contracts/checkout';
import type { OrderRetryResult } from '../../src/contracts/orders';
import { createCustomerSession, makeApp, makeProxyPair, ORIGIN, sameOriginJson, seed } from './app-harness';
import {
  CARD,
  cartWith,
  count,
  finished,
  orderBody,
  paymentRef,
  sandbox,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

const app = makeApp();
type Lines = { sku: number; amount: number }[];

/** A debit checkout whose 3-D Secure code was mistyped: the order is cancelled, its stock given back. */
async function refusedDebit(
  lines: Lines,
  customer: { customerId: number; cookie: string } | null = null,
): Promise<FinishOrderResult> {
  const cartId = await cartWith(lines, customer?.customerId ?? null);
  const extra = customer ? { customerId: customer.customerId, anonymousConsumer: null } : {};
  const result = await finished(
    app,
    orderBody(cartId, { paymentMethodId: 31, ...CARD }, extra),
    customer ? { cookie: customer.cookie } : {},
  );
  const res = await sandbox(app, {
    reference: await paymentRef(result.orderIds[0]!),
    action: 'challenge',
    code: '1235',
  });
  expect(res.status).toBe(402);
  return result;
}

const retryPath = (result: FinishOrderResult, token = result.token, ids = result.orderIds) =>
  `/checkout/order/${ids.join('-')}/tentar-novamente?token=${encodeURIComponent(token)}`;

/** The order page's form, posted as a browser without JavaScript does. */
function retryForm(
  result: FinishOrderResult,
  headers: Record<string, string> = {},
  origin = ORIGIN,
): Promise<Response> {
  return app.request(retryPath(result), {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: '',
  });
}

function retryApi(
  result: FinishOrderResult,
  headers: Record<string, string> = {},
  ids = result.orderIds,
  token = result.token,
): Promise<Response> {
  return app.request('/api/order-retry', sameOriginJson('POST', { orderIds: ids.join('-'), token }, headers));
}

const cartCookieOf = (res: Response) =>
  /(?:^|,\s*)cart=([A-Za-z0-9_-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;

async function cartLines(cartId: string): Promise<{ product_item_id: number; amount: number }[]> {
  return (
    await env.DB.prepare('SELECT product_item_id, amount FROM cart_items WHERE cart_id = ? ORDER BY product_item_id')
      .bind(cartId)
      .all<{ product_item_id: number; amount: number }>()
  ).results;
}

beforeAll(() => seed());

describe('"Tentar novamente" on an order whose payment was refused', () => {
  it('after a 3-D Secure refusal: the order page offers it; the form puts the items back in a new bag and lands on /sacola', async () => {
    const a = await skuWithStock(5);
    const b = await skuWithStock(5);
    const result = await refusedDebit([
      { sku: a.id, amount: 2 },
      { sku: b.id, amount: 1 },
    ]);
    const page = await (await app.request(result.redirect)).text();
    expect(page).toContain('Pagamento não aprovado: o pedido foi cancelado.');
    expect(page).toContain('Seus produtos voltam para a sacola');
    expect(page).toContain(`action="${retryPath(result).replaceAll('&', '&amp;')}"`);
    expect(page).toContain('Tentar novamente');
    expect(page).toContain('Continuar comprando');

    const res = await retryForm(result);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sacola');
    const cartId = cartCookieOf(res)!;
    expect(cartId).toBeTruthy();
    expect(await cartLines(cartId)).toEqual(
      [
        { product_item_id: a.id, amount: 2 },
        { product_item_id: b.id, amount: 1 },
      ].sort((x, y) => x.product_item_id - y.product_item_id),
    );
    // The bag page shows them, with the flash the form left.
    const flash = /cart_flash=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    const bag = await (
      await app.request('/sacola', { headers: { cookie: `cart=${cartId}; cart_flash=${flash}` } })
    ).text();
    expect(bag).toContain('Seus produtos voltaram para a sacola');
    expect(bag).not.toContain('Sua sacola está vazia');
  });

  it("in the app webview (its bridge's cookie) the form lands on the app's cart screen", async () => {
    const a = await skuWithStock(5);
    const result = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const res = await retryForm(result, { cookie: 'app_webview=1' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cart/ecommerce-app');
    expect(await cartLines(cartCookieOf(res)!)).toEqual([{ product_item_id: a.id, amount: 1 }]);
  });

  it('with the upstream backend (COMMERCE_API_URL) the page calls POST /api/order-retry there, the same way', async () => {
    const { proxy, seen } = makeProxyPair();
    const a = await skuWithStock(5);
    const result = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const res = await proxy.request(retryPath(result), {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sacola');
    expect(seen.some((r) => r.method === 'POST' && new URL(r.url).pathname.endsWith('/order-retry'))).toBe(true);
    expect(await cartLines(cartCookieOf(res)!)).toEqual([{ product_item_id: a.id, amount: 1 }]);
  });

  it('keeps the bag the shopper already has (cart cookie), and a signed-in customer gets a bag of their own', async () => {
    const a = await skuWithStock(5);
    const other = await skuWithStock(5);
    const result = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const current = await cartWith([{ sku: other.id, amount: 1 }]);
    const res = await retryForm(result, { cookie: `cart=${current}` });
    expect(res.status).toBe(303);
    expect((await cartLines(current)).map((l) => l.product_item_id).sort()).toEqual([a.id, other.id].sort());

    const customer = await createCustomerSession();
    const mine = await refusedDebit([{ sku: a.id, amount: 1 }], customer);
    const answer = await retryApi(mine, { cookie: customer.cookie });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as OrderRetryResult;
    expect(body).toMatchObject({ already: false, short: [] });
    const row = await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
      .bind(body.cartId)
      .first<{ customer_id: number }>();
    expect(row!.customer_id).toBe(customer.customerId);
  });

  it('works after a refused Open Finance consent too', async () => {
    const a = await skuWithStock(5);
    const cartId = await cartWith([{ sku: a.id, amount: 1 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 53 }));
    expect((await sandbox(app, { reference: await paymentRef(result.orderIds[0]!), action: 'cancel' })).status).toBe(
      200,
    );
    const body = (await (await retryApi(result)).json()) as OrderRetryResult;
    expect(await cartLines(body.cartId!)).toEqual([{ product_item_id: a.id, amount: 1 }]);
  });

  it('a sold-out item does not come back, and the shopper is told which', async () => {
    const a = await skuWithStock(5);
    const gone = await skuWithStock(5);
    const result = await refusedDebit([
      { sku: a.id, amount: 1 },
      { sku: gone.id, amount: 2 },
    ]);
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(gone.id).run();
    const res = await retryApi(result);
    const body = (await res.json()) as OrderRetryResult;
    expect(res.status).toBe(200);
    expect(await cartLines(body.cartId!)).toEqual([{ product_item_id: a.id, amount: 1 }]);
    expect(body.short).toEqual([expect.objectContaining({ wanted: 2, back: 0 })]);
    // The no-JS form says it on the bag page.
    const again = await refusedDebit(
      [
        { sku: a.id, amount: 1 },
        { sku: gone.id, amount: 1 },
      ].slice(0, 1),
    );
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(a.id).run();
    const form = await retryForm(again);
    const flash = decodeURIComponent(/cart_flash=([^;]+)/.exec(form.headers.get('set-cookie') ?? '')![1]!);
    expect(flash).toContain('Alguns produtos não voltaram');
    expect(flash).toContain('esgotado');
  });

  it('20 parallel retries put the items back once', async () => {
    const a = await skuWithStock(50);
    const result = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const current = await cartWith([]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => retryApi(result, { cookie: `cart=${current}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as OrderRetryResult[];
    expect(bodies.filter((b) => !b.already)).toHaveLength(1);
    expect(bodies.every((b) => b.cartId === current)).toBe(true);
    expect(await cartLines(current)).toEqual([{ product_item_id: a.id, amount: 1 }]);
    expect(await count('order_retries WHERE order_id = ?', result.orderIds[0])).toBe(1);
    // A later retry (the button again) changes nothing and says so.
    const later = (await (await retryApi(result, { cookie: `cart=${current}` })).json()) as OrderRetryResult;
    expect(later.already).toBe(true);
    expect(await cartLines(current)).toEqual([{ product_item_id: a.id, amount: 1 }]);
  });

  it('is refused for a paid, a delivered and a pending order (409, pt-BR), with nothing added', async () => {
    const a = await skuWithStock(10);
    const paid = await finished(
      app,
      orderBody(await cartWith([{ sku: a.id, amount: 1 }]), { paymentMethodId: 1, installmentNumber: 1, ...CARD }),
    );
    const res = await retryForm(paid);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Este pedido já foi pago');
    expect(cartCookieOf(res)).toBeNull();

    await env.DB.prepare("UPDATE orders SET status = 'delivered' WHERE id = ?").bind(paid.orderIds[0]).run();
    const delivered = await retryApi(paid);
    expect(delivered.status).toBe(409);
    expect(((await delivered.json()) as { error: string }).error).toContain('já foi pago');

    const pending = await finished(app, orderBody(await cartWith([{ sku: a.id, amount: 1 }]), { paymentMethodId: 47 }));
    const waiting = await retryApi(pending);
    expect(waiting.status).toBe(409);
    expect(((await waiting.json()) as { error: string }).error).toContain('aguarda o pagamento');
    expect(await count('order_retries WHERE order_id IN (?, ?)', paid.orderIds[0], pending.orderIds[0])).toBe(0);
  });

  it("is a 404 for another order's ids, a bad token, or another signed-in customer's order", async () => {
    const a = await skuWithStock(10);
    const mine = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const theirs = await refusedDebit([{ sku: a.id, amount: 1 }]);
    expect((await retryApi(mine, {}, theirs.orderIds)).status).toBe(404);
    expect((await retryApi(mine, {}, mine.orderIds, 'x'.repeat(43))).status).toBe(404);
    expect(
      (await app.request(retryPath(mine, mine.token, theirs.orderIds), { method: 'POST', headers: { origin: ORIGIN } }))
        .status,
    ).toBe(404);

    const owner = await createCustomerSession();
    const stranger = await createCustomerSession();
    const owned = await refusedDebit([{ sku: a.id, amount: 1 }], owner);
    expect((await retryApi(owned, { cookie: stranger.cookie })).status).toBe(404);
    expect(
      await count('order_retries WHERE order_id IN (?, ?, ?)', mine.orderIds[0], theirs.orderIds[0], owned.orderIds[0]),
    ).toBe(0);
  });

  it('a foreign Origin is refused (403) by the form route and the API, before anything changes', async () => {
    const a = await skuWithStock(10);
    const result = await refusedDebit([{ sku: a.id, amount: 1 }]);
    const form = await retryForm(result, {}, 'https://evil.example');
    expect(form.status).toBe(403);
    const api = await app.request('/api/order-retry', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ orderIds: result.orderIds.join('-'), token: result.token }),
    });
    expect(api.status).toBe(403);
    expect(await count('order_retries WHERE order_id = ?', result.orderIds[0])).toBe(0);
    expect(await stockOf(a.id)).toBe(10);
  });
});

describe('"Tentar novamente" from "Minha conta" (the signed-in customer\'s own order, no token)', () => {
  const accountForm = (id: number, cookie: string, origin = ORIGIN) =>
    app.request(`/minha-conta/pedidos/${id}/tentar-novamente`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });

  it("the order detail offers it; the form puts the items back in the customer's bag and lands on /sacola", async () => {
    const a = await skuWithStock(5);
    const customer = await createCustomerSession();
    const result = await refusedDebit([{ sku: a.id, amount: 2 }], customer);
    const id = result.orderIds[0]!;
    const page = await (
      await app.request(`/minha-conta/pedidos/${id}`, { headers: { cookie: customer.cookie } })
    ).text();
    expect(page).toContain('Pagamento não aprovado: o pedido foi cancelado.');
    expect(page).toContain(`action="/minha-conta/pedidos/${id}/tentar-novamente"`);
    expect(page).toContain('não aprovado');
    expect(page).not.toContain('aguardando');
    const res = await accountForm(id, customer.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sacola');
    const cartId = cartCookieOf(res)!;
    expect(await cartLines(cartId)).toEqual([{ product_item_id: a.id, amount: 2 }]);
    const owner = await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
      .bind(cartId)
      .first<{ customer_id: number }>();
    expect(owner!.customer_id).toBe(customer.customerId);
    // Once only: a second post adds nothing.
    await accountForm(id, customer.cookie);
    expect(await cartLines(cartId)).toEqual([{ product_item_id: a.id, amount: 2 }]);
  });

  it('the API takes it without a token for the signed-in customer only', async () => {
    const a = await skuWithStock(5);
    const customer = await createCustomerSession();
    const stranger = await createCustomerSession();
    const result = await refusedDebit([{ sku: a.id, amount: 1 }], customer);
    const body = { orderIds: String(result.orderIds[0]) };
    expect((await app.request('/api/order-retry', sameOriginJson('POST', body))).status).toBe(401);
    expect(
      (await app.request('/api/order-retry', sameOriginJson('POST', body, { cookie: stranger.cookie }))).status,
    ).toBe(404);
    expect(await count('order_retries WHERE order_id = ?', result.orderIds[0])).toBe(0);
    const ok = await app.request('/api/order-retry', sameOriginJson('POST', body, { cookie: customer.cookie }));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as OrderRetryResult).cartId).toMatch(/\S/);
  });

  it("is a 404 for another customer's order, a 409 page for a paid one, a login for a signed-out shopper, a 403 for a foreign Origin", async () => {
    const a = await skuWithStock(10);
    const customer = await createCustomerSession();
    const stranger = await createCustomerSession();
    const refused = await refusedDebit([{ sku: a.id, amount: 1 }], customer);
    const id = refused.orderIds[0]!;
    expect((await accountForm(id, stranger.cookie)).status).toBe(404);
    expect((await accountForm(id, customer.cookie, 'https://evil.example')).status).toBe(403);
    const signedOut = await accountForm(id, '');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe(
      `/login?redirect=${encodeURIComponent(`/minha-conta/pedidos/${id}`)}`,
    );
    expect(await count('order_retries WHERE order_id = ?', id)).toBe(0);
    const cartId = await cartWith([{ sku: a.id, amount: 1 }], customer.customerId);
    const paid = await finished(
      app,
      orderBody(cartId, { paymentMethodId: 1, ...CARD }, { customerId: customer.customerId, anonymousConsumer: null }),
      { cookie: customer.cookie },
    );
    const refusedPage = await accountForm(paid.orderIds[0]!, customer.cookie);
    expect(refusedPage.status).toBe(409);
    const html = await refusedPage.text();
    expect(html).toContain('Este pedido já foi pago');
    expect(html).toContain(`href="/minha-conta/pedidos/${paid.orderIds[0]}"`);
    // The paid order's page has no such button.
    const paidPage = await (
      await app.request(`/minha-conta/pedidos/${paid.orderIds[0]}`, { headers: { cookie: customer.cookie } })
    ).text();
    expect(paidPage).not.toContain('tentar-novamente');
  });
});
