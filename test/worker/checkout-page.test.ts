import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../src/contracts/cart';
import { createCustomerSession, islandProps, makeApp, sameOriginJson, seed } from './helpers';

const { request } = makeApp();

interface CheckoutIsland {
  cart: Cart | null;
  customer: { id: number; name: string } | null;
  basic: {
    options: Record<string, unknown[]> | null;
    errors: Record<string, string>;
    values: Record<string, string>;
    shipping: number | null;
    problem: { message: string } | null;
  };
}

/** A bag with one unit of an in-stock SKU; answers its cookie. */
async function bag(): Promise<{ cart: Cart; cookie: string }> {
  const row = await env.DB.prepare(
    `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id JOIN stock s ON s.product_item_id = i.id
      WHERE p.gift = 0 AND s.quantity > 2 ORDER BY i.id LIMIT 1`,
  ).first<{ id: number }>();
  const res = await request('/api/cart', sameOriginJson('POST', { productItemId: row!.id, amount: 1 }));
  expect(res.status).toBe(200);
  const cart = (await res.json()) as Cart;
  return { cart, cookie: `cart=${cart.hash}` };
}

describe('/checkout page', () => {
  beforeAll(() => seed());

  it('renders the bag into the checkout island, not cacheable, without the site header', async () => {
    const { cart, cookie } = await bag();
    const res = await request('/checkout', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    const props = islandProps<CheckoutIsland>(html, 'Checkout');
    expect(props?.cart?.cartId).toBe(cart.cartId);
    expect(props?.cart?.items).toHaveLength(1);
    expect(html).not.toContain('data-island="Header"');
    expect(html).toContain('Compra 100% segura');
    // Server HTML is the no-JS form: it posts to the page itself.
    const form = html.match(/<form\b[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/checkout"');
    expect(html).toContain(cart.items[0]!.product.name);
  });

  it('knows the signed-in customer before rendering; a dead session is a visitor', async () => {
    const { cookie } = await bag();
    const session = await createCustomerSession({ name: 'Bruna Lima' });
    const html = await (await request('/checkout', { headers: { cookie: `${cookie}; ${session.cookie}` } })).text();
    expect(islandProps<CheckoutIsland>(html, 'Checkout')?.customer).toEqual({ id: session.customerId, name: 'Bruna Lima' });
    expect(html).toContain('Você está comprando como <strong>Bruna Lima</strong>');
    expect(html).not.toContain('name="cpf"');
    const dead = await createCustomerSession({ expiresAt: new Date(Date.now() - 1000) });
    const visitor = await (await request('/checkout', { headers: { cookie: `${cookie}; ${dead.cookie}` } })).text();
    expect(islandProps<CheckoutIsland>(visitor, 'Checkout')?.customer).toBeNull();
    expect(visitor).toContain('name="cpf"');
  });

  it('shows the empty state without a bag, or with an unknown or malformed cart cookie', async () => {
    for (const cookie of [undefined, 'cart=ZZZZZZZZZZZZZZZZZZZZZZ', 'cart=../../etc']) {
      const res = await request('/checkout', cookie ? { headers: { cookie } } : undefined);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(islandProps<CheckoutIsland>(html, 'Checkout')?.cart).toBeNull();
      expect(html).toContain('Sua sacola está vazia');
    }
  });
});

describe('/checkout without JavaScript', () => {
  beforeAll(() => seed());

  const post = (cookie: string, fields: Record<string, string>, origin = 'http://localhost') =>
    request('/checkout', {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('quotes the CEP on "Calcular frete" and keeps what was typed', async () => {
    const { cookie } = await bag();
    const res = await post(cookie, { acao: 'frete', nome: 'Ana Souza', cep: '01310-100' });
    expect(res.status).toBe(200);
    const props = islandProps<CheckoutIsland>(await res.text(), 'Checkout')!;
    expect(props.basic.options?.fabrica?.length).toBeGreaterThan(0);
    expect(props.basic.values).toMatchObject({ nome: 'Ana Souza', cep: '01310-100' });
    expect(props.basic.errors).toEqual({});
  });

  it('asks for a complete CEP', async () => {
    const { cookie } = await bag();
    const props = islandProps<CheckoutIsland>(
      await (await post(cookie, { acao: 'frete', cep: '0131' })).text(),
      'Checkout',
    )!;
    expect(props.basic.errors.cep).toBe('Informe um CEP válido, com 8 dígitos.');
    expect(props.basic.options).toBeNull();
  });

  it('refuses a post from another site', async () => {
    const { cookie } = await bag();
    expect((await post(cookie, { acao: 'frete', cep: '01310100' }, 'https://evil.example')).status).toBe(403);
  });
});
