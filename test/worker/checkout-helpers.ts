import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { FinishOrderResult } from '../../src/contracts/checkout';
import { randomToken } from '../../src/lib/security/token';
import { sameOriginJson, type TestApp } from './app-harness';

export const FACTORY_ID = 1;
export const GUEST = { name: 'Maria da Silva', email: 'maria.silva@example.com.br', cpf: '529.982.247-25' };
export const ADDRESS = {
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
/** Correios PAC from the factory (carrierId 1); the server re-quotes its price. */
export const PAC = { type: 'normal' as const, carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 3 };
export const CARD = {
  cardNumber: '5448 2800 0000 0007',
  securityCode: '123',
  expirationMonth: '12',
  expirationYear: '2031',
  holderName: 'MARIA DA SILVA',
};
export const DECLINED_CARD = { ...CARD, cardNumber: '4000000000000002' };

/** A sellable SKU with exactly `quantity` in stock, all of it in `storeId`. */
export async function skuWithStock(quantity: number, storeId = FACTORY_ID): Promise<{ id: number; price: number }> {
  const row = await env.DB.prepare(
    `SELECT i.id, CASE WHEN i.sale_price_cents > 0 THEN i.sale_price_cents ELSE i.list_price_cents END AS price
       FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND i.id NOT IN (SELECT product_item_id FROM cart_items)
        -- A stock row to set: a product made in the back office during the test has none until stock is received.
        AND i.id IN (SELECT product_item_id FROM stock WHERE store_id = ?1) ORDER BY random() LIMIT 1`,
  )
    .bind(storeId)
    .first<{ id: number; price: number }>();
  await env.DB.batch([
    env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(row!.id),
    env.DB.prepare('UPDATE stock SET quantity = ? WHERE product_item_id = ? AND store_id = ?').bind(
      quantity,
      row!.id,
      storeId,
    ),
  ]);
  return row!;
}

/** An open cart written straight into D1 (fast for the concurrency runs). */
export async function cartWith(
  lines: { sku: number; amount: number }[],
  customerId: number | null = null,
): Promise<string> {
  const id = randomToken();
  await env.DB.batch([
    env.DB.prepare('INSERT INTO carts (id, customer_id, request_token) VALUES (?, ?, ?)').bind(
      id,
      customerId,
      randomToken(),
    ),
    ...lines.map((l) =>
      env.DB.prepare('INSERT INTO cart_items (cart_id, product_item_id, amount) VALUES (?, ?, ?)').bind(
        id,
        l.sku,
        l.amount,
      ),
    ),
  ]);
  return id;
}

export async function stockOf(sku: number, storeId = FACTORY_ID): Promise<number> {
  return (await env.DB.prepare('SELECT quantity FROM stock WHERE product_item_id = ? AND store_id = ?')
    .bind(sku, storeId)
    .first<{ quantity: number }>())!.quantity;
}

export async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...params)
    .first<{ n: number }>())!.n;
}

export function orderBody(cartId: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    cartId,
    shippingInfo: { store: 'fabrica', addressId: null, selectedOption: PAC },
    shipping: 0,
    payment,
    anonymousConsumer: GUEST,
    address: ADDRESS,
    packages: [{ store: 'fabrica', selectedOption: PAC }],
    hasPreSale: false,
    userAgent: 'vitest',
    ...extra,
  };
}

/** The original buyer's browser: it holds the cart's HttpOnly `cart` cookie (a finish-order replay needs it). */
export const buyerCookie = (cartId: string) => ({ Cookie: `cart=${cartId}` });

export async function finish(app: TestApp, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return app.request('/api/finish-order', sameOriginJson('POST', body, headers));
}

export async function finished(
  app: TestApp,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<FinishOrderResult> {
  const res = await finish(app, body, headers);
  const json = (await res.json()) as FinishOrderResult;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** The confirmation token of a finish-order answer, as the redirect carries it. */
export const tokenOf = (result: FinishOrderResult) =>
  new URL(result.redirect, 'http://localhost').searchParams.get('token')!;

export async function paymentRef(orderId: number): Promise<string> {
  return (await env.DB.prepare(
    'SELECT p.provider_reference AS r FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ r: string }>())!.r;
}

export function sandbox(app: TestApp, body: { reference: string; action: string; code?: string }): Promise<Response> {
  return app.request('/api/payments/sandbox', sameOriginJson('POST', body));
}

/** Cashback the customer can spend now (a ledger adjustment available since yesterday). */
export async function giveCashback(customerId: number, cents: number): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO cashback_entries (customer_id, amount_cents, kind, available_at) VALUES (?, ?, 'adjustment', ?)",
  )
    .bind(customerId, cents, new Date(Date.now() - 86_400_000).toISOString())
    .run();
}

export async function cashbackEntries(
  customerId: number,
): Promise<{ kind: string; amount_cents: number; order_id: string | null }[]> {
  return (
    await env.DB.prepare('SELECT kind, amount_cents, order_id FROM cashback_entries WHERE customer_id = ? ORDER BY id')
      .bind(customerId)
      .all<{ kind: string; amount_cents: number; order_id: string | null }>()
  ).results;
}

/**
 * The payment and order rows a checkout with `key` writes first in its batch, reduced to what the
 * effect statements read (the checkout's first order, its customer and its cashback): effects recorded
 * against `key` in the same batch find this order, and an aborted batch leaves no order behind.
 */
export function orderRowStatements(
  key: string,
  o: {
    cartId?: string;
    customerId?: number | null;
    subtotal?: number;
    status?: 'pending' | 'paid';
    cashbackEarned?: number;
  } = {},
): D1PreparedStatement[] {
  const subtotal = o.subtotal ?? 10_000;
  return [
    env.DB.prepare(
      "INSERT INTO payments (idempotency_key, method_id, provider, status, amount_cents, charged_cents) VALUES (?, 47, 'coupon', ?, ?, ?)",
    ).bind(key, o.status ?? 'pending', subtotal, subtotal),
    env.DB.prepare(
      `INSERT INTO orders (payment_id, idempotency_key, customer_id, guest, email, name, cpf, cart_id, store, store_id, status, payment_method_id,
         subtotal_cents, total_cents, cashback_earned_cents, shipping_option_json)
       SELECT id, ?1, ?2, ?2 IS NULL, 'maria.silva@example.com.br', 'Maria da Silva', '52998224725', ?3, 'fabrica', ?4, ?5, 47, ?6, ?6, ?7, '{}'
         FROM payments WHERE idempotency_key = ?1`,
    ).bind(
      key,
      o.customerId ?? null,
      o.cartId ?? 'sem-sacola-0000000000',
      FACTORY_ID,
      o.status ?? 'pending',
      subtotal,
      o.cashbackEarned ?? 0,
    ),
  ];
}

/** How many orders a checkout key wrote (0 after an aborted batch). */
export const ordersOfKey = (key: string) => count('orders WHERE idempotency_key = ?', key);

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The one-page form as a browser without JavaScript shows it (the page's `<noscript>`; the steps island is for
 * scripting browsers): its shipping choices, typed values, field errors and problem, read from the HTML.
 */
export function basicForm(html: string) {
  const start = html.indexOf('<noscript>');
  expect(start, 'the no-JS form is in <noscript>').toBeGreaterThan(-1);
  const form = html.slice(start, html.indexOf('</noscript>', start));
  const values: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    const value = decode(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? '');
    if (name && (!/type="radio"/.test(tag) || /\schecked=""/.test(tag))) values[name] = value;
  }
  const errors: Record<string, string> = {};
  for (const [, name, message] of form.matchAll(/id="co-basic-(\w+)-error"[^>]*>([^<]*)</g))
    errors[name!] = decode(message!);
  const options = [...form.matchAll(/name="entrega" value="([^"]+)"/g)].map((m) => m[1]!);
  // The message after its title (React puts a comment between two text nodes).
  const problem = /class="co-problem"[^>]*>(?:<strong>[^<]*<\/strong>)?(.*?)<\/div>/.exec(form)?.[1];
  return {
    form,
    values,
    errors,
    options,
    problem: problem === undefined ? null : decode(problem.replace(/<!--.*?-->|<[^>]*>/g, '')).trim(),
  };
}
