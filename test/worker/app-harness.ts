import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { createApp, type AppOptions } from '../../src/app';
import type { UpstreamFetch } from '../../src/commerce/upstream-http';
import { seedStatements } from '../../src/db/seed';
import type { Bindings } from '../../src/env';
import { hashToken, SESSION_TTL_SECONDS } from '../../src/commerce/customers/identity';
import { randomToken } from '../../src/lib/security/token';
import type { Cart } from '../../src/contracts/cart';
import type { NavItem } from '../../src/lib/menu/nav';
import type { HeaderWireProps } from '../../src/ui/header/types';

/** The origin `app.request('/path')` uses when given a bare path. */
export const ORIGIN = 'http://localhost';
/** Base URL the proxy apps are configured with; nothing listens there, `upstreamFetch` answers. */
export const UPSTREAM = 'http://upstream.test/api';

/** Loads the standard seed (menu + parameters) into this file's D1, replacing what was there. */
export async function seed(now = new Date()): Promise<void> {
  const statements = seedStatements(now).map((s) => env.DB.prepare(s.sql).bind(...s.params));
  await env.DB.batch(statements);
}

/** Every SKU of the product sold out everywhere: its availability flags change, and so does the content version. */
export async function sellOut(productId: number): Promise<void> {
  await env.DB.prepare(
    'UPDATE stock SET quantity = 0 WHERE product_item_id IN (SELECT id FROM product_items WHERE product_id = ?)',
  )
    .bind(productId)
    .run();
}

export async function setParameter(key: string, value: string): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO parameters (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  )
    .bind(key, value)
    .run();
}

export type TestApp = ReturnType<typeof makeApp>;

/** A new cart with one unit of an in-stock SKU, through `app`'s /api/cart; answers it and its `cart` cookie. */
export async function oneUnitCart(app: TestApp): Promise<{ cart: Cart; cookie: string }> {
  const row = await env.DB.prepare(
    `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id JOIN stock s ON s.product_item_id = i.id
      WHERE p.gift = 0 AND s.quantity > 2 ORDER BY i.id LIMIT 1`,
  ).first<{ id: number }>();
  const res = await app.request('/api/cart', sameOriginJson('POST', { productItemId: row!.id, amount: 1 }));
  if (res.status !== 200) throw new Error(`POST /api/cart: ${res.status}`);
  const cart = (await res.json()) as Cart;
  return { cart, cookie: `cart=${cart.hash}` };
}

/** An app instance with its own bindings (so config is parsed afresh) and optional upstream fetcher. */
export function makeApp(vars: Partial<Bindings> = {}, options: AppOptions = {}) {
  const bindings: Bindings = { ...env, ...vars };
  const app = createApp(options);
  return {
    app,
    bindings,
    request: async (path: string, init?: RequestInit): Promise<Response> => app.request(path, init, bindings),
  };
}

/** Hands a request meant for `UPSTREAM/...` to `target` at `/api/...`: the proxy pointed at an app. */
export function forwardTo(target: TestApp, seen: Request[] = []): UpstreamFetch {
  return async (request) => {
    seen.push(request.clone() as unknown as Request);
    const rest = request.url.slice(UPSTREAM.length);
    if (!request.url.startsWith(UPSTREAM) || !/^($|[/?])/.test(rest))
      throw new Error(`unexpected upstream URL ${request.url}`);
    const path = '/api' + rest;
    return target.app.fetch(new Request(ORIGIN + path, request), target.bindings);
  };
}

/**
 * A proxy app (`COMMERCE_API_URL` set) whose upstream is a second, embedded app instance on the
 * same D1; `seen` records every request the proxy sent upstream.
 */
export function makeProxyPair(vars: Partial<Bindings> = {}) {
  const embedded = makeApp();
  const seen: Request[] = [];
  const proxy = makeApp({ COMMERCE_API_URL: UPSTREAM, ...vars }, { upstreamFetch: forwardTo(embedded, seen) });
  return { embedded, proxy, seen };
}

/** A proxy app whose upstream is the given function (records what it was asked). */
export function makeProxyWith(
  upstream: (request: Request) => Response | Promise<Response>,
  vars: Partial<Bindings> = {},
) {
  const seen: Request[] = [];
  const app = makeApp(
    { COMMERCE_API_URL: UPSTREAM, ...vars },
    {
      upstreamFetch: async (request) => {
        seen.push(request.clone() as unknown as Request);
        return upstream(request);
      },
    },
  );
  return { ...app, seen };
}

/** An upstream that never answers: its promise settles only when the request's signal aborts. */
export function hangingUpstream(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = request.signal;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason ?? new DOMException('aborted', 'AbortError')));
  });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A state-changing call as the storefront's own scripts send it. */
export function sameOriginJson(method: string, body: unknown = {}, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

export interface ScriptTag {
  attrs: Record<string, string>;
  body: string;
}

/** Every `<script …>…</script>` in the HTML with its attributes (names lower-cased). */
export function scriptTags(html: string): ScriptTag[] {
  const tags: ScriptTag[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(
      /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      attrs[a[1]!.toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    tags.push({ attrs, body: m[2] ?? '' });
  }
  return tags;
}

/** The serialised props of the island `name`, or undefined when the page has none. */
export function islandProps<T = unknown>(html: string, name: string): T | undefined {
  const tag = scriptTags(html).find((t) => t.attrs['data-island-props'] === name);
  return tag ? (JSON.parse(tag.body) as T) : undefined;
}

/**
 * The header's menu as its island hydrates with it: the page names where it is (`menuUrl` in the Header's props,
 * src/pages/header-menu.ts), and `request` (the same app) answers it.
 */
export async function headerMenu(html: string, request: (path: string) => Promise<Response>): Promise<NavItem[]> {
  const wire = islandProps<HeaderWireProps>(html, 'Header');
  if (!wire) throw new Error('no Header island in the page');
  expect(wire).not.toHaveProperty('menu');
  const res = await request(wire.menuUrl);
  expect(res.status).toBe(200);
  return (await res.json()) as NavItem[];
}

/** The page's bootstrap JSON. */
export function bootstrapJson<T = unknown>(html: string): T {
  const tag = scriptTags(html).find((t) => t.attrs.id === 'bootstrap');
  if (!tag) throw new Error('no bootstrap script in the page');
  return JSON.parse(tag.body) as T;
}

/** The `class` attribute of `<body>`, or null when it has none. */
export function bodyClass(html: string): string | null {
  return html.match(/<body\b[^>]*\bclass="([^"]*)"/)?.[1] ?? null;
}

/** The robots meta tag's content, or null. */
export function robotsMeta(html: string): string | null {
  return html.match(/<meta\s+name="robots"\s+content="([^"]*)"/)?.[1] ?? null;
}

let customerSeq = 0;

/** A customer with a live session, written straight into D1; returns its id and the session token. */
export async function createCustomerSession(
  opts: { email?: string; name?: string; cpf?: string; expiresAt?: Date } = {},
): Promise<{ customerId: number; token: string; email: string; cookie: string }> {
  customerSeq += 1;
  const email = opts.email ?? `cliente${Date.now()}${customerSeq}@example.com.br`;
  const cpf = opts.cpf ?? String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)).slice(0, 11);
  const row = await env.DB.prepare('INSERT INTO customers (email, cpf, name) VALUES (?, ?, ?) RETURNING id')
    .bind(email, cpf, opts.name ?? 'Cliente Teste')
    .first<{ id: number }>();
  const token = randomToken(32);
  await env.DB.prepare('INSERT INTO sessions (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
    .bind(
      await hashToken(token),
      row!.id,
      (opts.expiresAt ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000)).toISOString(),
    )
    .run();
  return { customerId: row!.id, token, email, cookie: `token=${token}` };
}
