import { env } from 'cloudflare:workers';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { cpfCheckDigit } from '../../src/lib/customer/cpf';
import { sameOriginJson, type TestApp } from './app-harness';

let seq = 0;

/** A valid CPF, different on every call. */
export function validCpf(): string {
  seq += 1;
  const base = String(100_000_000 + ((Date.now() * 7 + seq * 7919) % 800_000_000)).slice(0, 9);
  const first = cpfCheckDigit(base);
  return base + first + cpfCheckDigit(base + first);
}

export function registration(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: 'Maria Oliveira',
    email: `maria${Date.now()}${seq}@example.com.br`,
    cpf: validCpf(),
    password: 'senhaForte123',
    phone: '(11) 98765-4321',
    birthDate: '1990-05-17',
    marketingOptIn: false,
    ...overrides,
  };
}

/** `name=value` of every Set-Cookie, plus the raw headers. */
export function cookiesOf(res: Response): { jar: Map<string, string>; raw: string[] } {
  const raw = res.headers.getSetCookie();
  const jar = new Map(
    raw.map((line) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), pair!.slice(at + 1)] as [string, string];
    }),
  );
  return { jar, raw };
}

/** A client address of its own for each simulated shopper (registration is limited per address). */
export const nextClientIp = () => {
  seq += 1;
  return `198.51.${(seq >> 8) & 255}.${seq & 255}`;
};

export async function registerVia(app: TestApp, overrides: Record<string, unknown> = {}, ip = nextClientIp()) {
  const body = registration(overrides);
  const res = await app.request('/api/register', sameOriginJson('POST', body, { 'cf-connecting-ip': ip }));
  const token = cookiesOf(res).jar.get('token') ?? '';
  return { res, body, token, cookie: `token=${token}` };
}

/** Product items a shopper can favorite (not gifts). */
export async function sellableItems(n = 3): Promise<number[]> {
  const rows = await env.DB.prepare(
    'SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 0 ORDER BY i.id LIMIT ?',
  )
    .bind(n)
    .all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

/** Two items (sizes) of one colour of a product that comes in several sizes: what a size choice picks between. */
export async function twoSizes(): Promise<{ id: number; size: string; colorSlug: string; slug: string }[]> {
  const rows = await env.DB.prepare(
    `SELECT i.id, i.size, i.color_slug AS colorSlug, p.slug FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND (SELECT count(*) FROM product_items j WHERE j.product_id = i.product_id AND j.color_slug = i.color_slug) >= 2
      ORDER BY i.product_id, i.color_slug, i.size_order LIMIT 2`,
  ).all<{ id: number; size: string; colorSlug: string; slug: string }>();
  return rows.results;
}

/** The body of an error answer (`{code, error, title?}`). */
export const apiError = async (res: Response) => ApiErrorSchema.parse(await res.json());
