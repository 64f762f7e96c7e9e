import { z } from 'zod';
import type { CommercePort } from './commerce/port';
import { isLocalHost } from './lib/host';

/** Bindings and vars the worker receives (wrangler.toml, secrets, `--var`). */
export interface Bindings {
  DB: D1Database;
  ASSETS?: Fetcher;
  PRODUCT_NAME?: string;
  SITE_URL?: string;
  IMAGE_HOST?: string;
  COMMERCE_API_URL?: string;
  COMMERCE_API_USER?: string;
  COMMERCE_API_PASSWORD?: string;
  COMMERCE_API_TIMEOUT_MS?: string;
  CART_MAX_ITEM_AMOUNT?: string;
  /** Dev only: answer streamed HTML with `Content-Encoding: identity` so miniflare does not buffer it. */
  STREAM_IDENTITY?: string;
  /** Credit-card processor: `rede` (method 1, default) or `paypal` (method 43). */
  CARD_SERVICE?: string;
  /** Sandbox: `down` makes PayPal refuse every payment (PAYPAL_FAILED → rede fallback). */
  PAYPAL_SANDBOX?: string;
  /** `npm run bench` only: mounts the bare D1 write route (src/api/bench.ts). */
  BENCH_ROUTES?: string;
  /** Transactional mail provider (HTTP JSON API); unset → mail stays in the outbox table. */
  MAIL_PROVIDER_URL?: string;
  MAIL_PROVIDER_TOKEN?: string;
  MAIL_FROM?: string;
  /** `1` shows the outbox at /dev/outbox (always on for localhost without a provider). Never in production. */
  MAIL_OUTBOX_PAGE?: string;
  /**
   * The sandbox bank's "Simular pagamento" (confirms a pending Pix/boleto): `1` allows it anywhere, `0` nowhere;
   * unset allows it only on a developer's machine (localhost). Never set to `1` in production.
   */
  PAYMENT_SIMULATION?: string;
}

export interface Session {
  /** Session token from the `token` cookie or a Bearer header; validity is checked by the commerce backend. */
  token: string | null;
}

export interface Variables {
  requestId: string;
  nonce: string;
  /**
   * CSP hashes (`sha256-…`) of the style attributes a page renders from data (menu colours); set by the
   * renderer before the body streams, read by the security-headers middleware.
   */
  styleAttrHashes?: string[];
  /** The request's D1 session (src/middleware/d1-session.ts); the embedded backend reads and writes through it. */
  db?: D1Database;
  /** The page is rendered for (or served from) the shared edge cache: shopper-neutral, publicly cacheable. */
  sharedRender?: boolean;
  noindex: boolean;
  session: Session;
  appMode: boolean;
  config: Config;
  commerce: CommercePort;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

// The upstream path is appended to this base, and fetch() refuses URLs with credentials.
const upstreamUrl = httpUrl.refine((v) => {
  if (!URL.canParse(v)) return true; // already reported by httpUrl
  const url = new URL(v);
  return !url.search && !url.hash && !url.username && !url.password;
}, 'must have no query, fragment or credentials (use COMMERCE_API_USER/COMMERCE_API_PASSWORD)');

/** An unset or blank variable means "use the default". */
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const ConfigSchema = z.object({
  PRODUCT_NAME: z.string().trim().toLowerCase().min(1).default('vitrine'),
  SITE_URL: httpUrl.default('https://www.vitrine.com.br'),
  IMAGE_HOST: z.string().default('/images'),
  COMMERCE_API_URL: z.preprocess((v) => (typeof v === 'string' ? blankAsUnset(v.trim()) : v), upstreamUrl.optional()),
  COMMERCE_API_USER: z.string().optional(),
  COMMERCE_API_PASSWORD: z.string().optional(),
  COMMERCE_API_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().positive().max(60_000).default(8000)),
  CART_MAX_ITEM_AMOUNT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(999).default(10)),
  CARD_SERVICE: z.preprocess(blankAsUnset, z.enum(['rede', 'paypal']).default('rede')),
  PAYPAL_SANDBOX: z.preprocess(blankAsUnset, z.enum(['up', 'down']).default('up')),
  STREAM_IDENTITY: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  MAIL_PROVIDER_URL: z.preprocess(blankAsUnset, httpUrl.optional()),
  MAIL_PROVIDER_TOKEN: z.string().optional(),
  MAIL_FROM: z.string().default('Vitrine <nao-responda@vitrine.com.br>'),
  MAIL_OUTBOX_PAGE: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  PAYMENT_SIMULATION: z.preprocess(
    blankAsUnset,
    z
      .enum(['1', 'true', '0', 'false'])
      .optional()
      .transform((v) => (v === undefined ? 'local' : v === '1' || v === 'true')),
  ),
});

/** A binding or var is invalid: the message names each variable and what is wrong with it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface Config {
  productName: string;
  siteUrl: string;
  imageHost: string;
  upstream: { url: string; user?: string; password?: string; timeoutMs: number } | null;
  streamIdentity: boolean;
  /** Per-SKU quantity limit in a bag. */
  cartMaxItemAmount: number;
  cardService: 'rede' | 'paypal';
  paypalDown: boolean;
  mail: { url: string; token?: string; from: string } | null;
  outboxPage: boolean;
  /** Whether the sandbox bank may confirm Pix/boleto payments on request: always, never, or on localhost only. */
  paymentSimulation: boolean | 'local';
}

const cache = new WeakMap<object, Config>();

/** Validates bindings once per isolate (per env object); a bad value throws a ConfigError at every request. */
export function parseConfig(env: Bindings): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const raw = parsed.data;
  const config: Config = {
    productName: raw.PRODUCT_NAME,
    siteUrl: raw.SITE_URL.replace(/\/+$/, ''),
    imageHost: raw.IMAGE_HOST.replace(/\/+$/, ''),
    upstream: raw.COMMERCE_API_URL
      ? {
          url: raw.COMMERCE_API_URL.replace(/\/+$/, ''),
          user: raw.COMMERCE_API_USER,
          password: raw.COMMERCE_API_PASSWORD,
          timeoutMs: raw.COMMERCE_API_TIMEOUT_MS,
        }
      : null,
    streamIdentity: raw.STREAM_IDENTITY,
    cartMaxItemAmount: raw.CART_MAX_ITEM_AMOUNT,
    cardService: raw.CARD_SERVICE,
    paypalDown: raw.PAYPAL_SANDBOX === 'down',
    mail: raw.MAIL_PROVIDER_URL ? { url: raw.MAIL_PROVIDER_URL, token: raw.MAIL_PROVIDER_TOKEN, from: raw.MAIL_FROM } : null,
    outboxPage: raw.MAIL_OUTBOX_PAGE,
    paymentSimulation: raw.PAYMENT_SIMULATION,
  };
  cache.set(env, config);
  return config;
}

/** The sandbox bank's payment simulation is allowed for this request (PAYMENT_SIMULATION; localhost by default). */
export function paymentSimulationAllowed(config: Config, url: string): boolean {
  return config.paymentSimulation === 'local' ? isLocalHost(new URL(url).hostname) : config.paymentSimulation;
}
