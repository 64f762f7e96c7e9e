import { z } from 'zod';
import type { CommercePort } from './commerce/port';
import type { Me } from './contracts/customers';
import { isIndexableHost } from './lib/site/host';
import type { D1Stats } from './http/middleware/d1-meter';

/** Bindings and vars the worker receives (wrangler.toml, secrets, `--var`). */
export interface Bindings {
  DB: D1Database;
  ASSETS?: Fetcher;
  /** Local runtime only (scripts/serve.mjs --images-on-demand): renders seed pictures on first request. */
  DEV_IMAGES?: Fetcher;
  /** Optional R2 bucket with the catalog's images under `public/images/`'s keys (ADR 0022); answers `/images/*`. */
  IMAGES?: R2Bucket;
  /** Cloudflare's Images binding (`[images]` in wrangler.toml): makes an uploaded photo's variants (ADR 0032). */
  IMAGE_TRANSFORMS?: ImagesBinding;
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
  /** `npm run bench` only: mounts the bare D1 write route (src/commerce/site/bench.ts). */
  BENCH_ROUTES?: string;
  /** Transactional mail provider (HTTP JSON API); unset → mail stays in the outbox table. */
  MAIL_PROVIDER_URL?: string;
  MAIL_PROVIDER_TOKEN?: string;
  MAIL_FROM?: string;
  /** `1` shows the outbox at /dev/outbox (always on for localhost without a provider). Never in production. */
  MAIL_OUTBOX_PAGE?: string;
  /**
   * `sandbox` (the in-house provider simulators and their pages) or `live` (real providers; a method whose
   * provider is not configured is not offered). Unset: sandbox, except on a production host. A production
   * host (first label `www` or PRODUCT_NAME) is always live, whatever this says (ADR 0013).
   */
  PAYMENTS_MODE?: string;
  /** Replaced by PAYMENTS_MODE; a value here is a configuration error (so a stale deploy notices). */
  PAYMENT_SIMULATION?: string;
  /** Pages (GET): how long their data may take before they answer the branded 503 (ms, default 1000). */
  PAGE_DATA_DEADLINE_MS?: string;
  /** Share of page views that report their web vitals (LCP, INP, CLS) to the request log (0–1, default 0.1; 0 = off). */
  RUM_SAMPLE_RATE?: string;
  /** How long an isolate's edge cache hits trust the content version it last read (ms, default 1000; 0 = every hit reads it). */
  CONTENT_VERSION_TTL_MS?: string;
  /** Build id shown by /healthz and sent as the error reporter's release (`npm run deploy` sets it); unset → `dev`. */
  BUILD_VERSION?: string;
  /** Sentry-compatible DSN: unhandled errors are sent there (Sentry envelope). Unset → no reporting. */
  ERROR_REPORTER_DSN?: string;
}

/**
 * `wrangler types` writes what wrangler.toml binds to worker-configuration.d.ts (the test command fails when that file
 * is stale: scripts/check-deploy.mjs). Every binding there must be declared above with a compatible type.
 */
type Assert<T extends true> = T;
export type GeneratedEnvCheck = Assert<
  __BaseEnv_Env extends Required<Pick<Bindings, keyof __BaseEnv_Env>> ? true : false
>;

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
  /** A page served from the edge cache: its inline scripts' CSP hashes (no nonce in it), see ADR 0018. */
  scriptHashes?: string[];
  /** The page is rendered for (or served from) the shared edge cache: shopper-neutral, publicly cacheable. */
  sharedRender?: boolean;
  /**
   * This request's read of the content version (src/edge-cache/cached.ts `contentVersion`), made once: the edge
   * cache's fast path's read when it made one.
   */
  contentVersion?: Promise<number | null>;
  noindex: boolean;
  session: Session;
  /** The signed-in customer of an account page (set by `signedIn`), for what its frame shows. */
  me?: Me;
  appMode: boolean;
  config: Config;
  /** This request's payments mode (`paymentsModeFor`): sandbox pages and endpoints exist only in `sandbox`. */
  paymentsMode: PaymentsMode;
  commerce: CommercePort;
  /**
   * The D1 binding for this request, metered for the request log and, on the embedded backend, inside the request's
   * D1 session (src/http/middleware/d1-session.ts, ADR 0019); use it instead of `env.DB`.
   */
  db: D1Database;
  d1Stats: D1Stats;
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
export const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const CORE = {
  PRODUCT_NAME: z.string().trim().toLowerCase().min(1).default('vitrine'),
  SITE_URL: httpUrl.default('https://www.vitrine.com.br'),
  IMAGE_HOST: z.string().default('/images'),
  COMMERCE_API_URL: z.preprocess((v) => (typeof v === 'string' ? blankAsUnset(v.trim()) : v), upstreamUrl.optional()),
  COMMERCE_API_USER: z.string().optional(),
  COMMERCE_API_PASSWORD: z.string().optional(),
  COMMERCE_API_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().positive().max(60_000).default(8000)),
  PAGE_DATA_DEADLINE_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(100).max(10_000).default(1000)),
  CONTENT_VERSION_TTL_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(60_000).default(1000)),
  RUM_SAMPLE_RATE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(1).default(0.1)),
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
  PAYMENTS_MODE: z.preprocess(
    (v) => (typeof v === 'string' ? blankAsUnset(v.trim().toLowerCase()) : v),
    z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).optional(),
  ),
  PAYMENT_SIMULATION: z.preprocess(
    blankAsUnset,
    z.undefined({ error: 'replaced by PAYMENTS_MODE (sandbox: the simulators, live: real providers); remove it' }),
  ),
};

const text = z.preprocess(blankAsUnset, z.string().trim().min(1).optional());
const optionalUrl = z.preprocess(blankAsUnset, httpUrl.optional());
const matching = (pattern: RegExp, error: string) =>
  z.preprocess(blankAsUnset, z.string().regex(pattern, error).optional());

/** The live payment providers' settings (README "Live payments"): vars, and secrets set with `wrangler secret put`. */
const LIVE_PAYMENTS = {
  PAYMENT_PROVIDER_TIMEOUT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().positive().max(30_000).default(8000)),
  PIX_API_URL: optionalUrl,
  PIX_TOKEN_URL: optionalUrl,
  PIX_CLIENT_ID: text,
  PIX_CLIENT_SECRET: text,
  PIX_KEY: z.preprocess(blankAsUnset, z.string().trim().min(1).max(77).optional()),
  PAYPAL_API_URL: optionalUrl,
  PAYPAL_CLIENT_ID: text,
  PAYPAL_CLIENT_SECRET: text,
  PAYPAL_WEBHOOK_ID: matching(/^[a-zA-Z0-9]{1,50}$/, 'must be the webhook id PayPal printed'),
  PAYPAL_BRAND_NAME: z.preprocess(blankAsUnset, z.string().max(127).default('Vitrine')),
  REDE_API_URL: optionalUrl,
  REDE_PV: matching(/^\d{1,10}$/, 'must be the PV (filiação) digits'),
  REDE_TOKEN: text,
  REDE_SOFT_DESCRIPTOR: z.preprocess(blankAsUnset, z.string().max(18).optional()),
  REDE_TOKEN_URL: optionalUrl,
  BOLETO_API_URL: optionalUrl,
  BOLETO_CLIENT_ID: text,
  BOLETO_CLIENT_SECRET: text,
  BOLETO_ACCOUNT: matching(/^\d{1,20}$/, 'must be the account number digits'),
};

/** Every var and secret the worker reads: one schema, parsed in two parts that fail differently. */
const EnvSchema = z.object({ ...CORE, ...LIVE_PAYMENTS });
const LIVE_KEYS = Object.fromEntries(Object.keys(LIVE_PAYMENTS).map((key) => [key, true])) as {
  [K in keyof typeof LIVE_PAYMENTS]: true;
};
/** The worker's own settings: a bad one is a ConfigError at every request (`parseConfig`). */
const ConfigSchema = EnvSchema.omit(LIVE_KEYS);
/**
 * The live providers' settings: a bad or half-set one turns only its provider off, and the pages keep serving
 * (src/commerce/payments/live/live-config.ts, ADR 0015).
 */
export const LivePaymentsSchema = EnvSchema.pick(LIVE_KEYS);

export type PaymentsMode = 'sandbox' | 'live';

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
  /** A page's data deadline (ADR 0020): past it, the page answers the branded 503. */
  pageDataDeadlineMs: number;
  /** How long the edge cache's fast path trusts the content version this isolate read last (ADR 0018); 0 = never. */
  contentVersionTtlMs: number;
  /** Share of page views that report their web vitals (`/api/rum`); 0 = none. */
  rumSampleRate: number;
  /** Per-SKU quantity limit in a cart. */
  cartMaxItemAmount: number;
  cardService: 'rede' | 'paypal';
  paypalDown: boolean;
  mail: { url: string; token?: string; from: string } | null;
  outboxPage: boolean;
  /** PAYMENTS_MODE as configured; null (unset) = sandbox except on a production host. */
  paymentsMode: PaymentsMode | null;
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
    pageDataDeadlineMs: raw.PAGE_DATA_DEADLINE_MS,
    contentVersionTtlMs: raw.CONTENT_VERSION_TTL_MS,
    rumSampleRate: raw.RUM_SAMPLE_RATE,
    cartMaxItemAmount: raw.CART_MAX_ITEM_AMOUNT,
    cardService: raw.CARD_SERVICE,
    paypalDown: raw.PAYPAL_SANDBOX === 'down',
    mail: raw.MAIL_PROVIDER_URL
      ? { url: raw.MAIL_PROVIDER_URL, token: raw.MAIL_PROVIDER_TOKEN, from: raw.MAIL_FROM }
      : null,
    outboxPage: raw.MAIL_OUTBOX_PAGE,
    paymentsMode: raw.PAYMENTS_MODE ?? null,
  };
  const warning = config.upstream ? commerceApiUrlWarning(config.upstream.url) : null;
  // Once per isolate (the config is cached): at the first request, as the worker validates its config.
  if (warning) console.warn(JSON.stringify({ type: 'config', warning }));
  cache.set(env, config);
  return config;
}

/**
 * A COMMERCE_API_URL that parses but is probably wrong: the storefront appends the `/api` routes'
 * paths (`/live-menus`, `/catalog/listing`…) to it, so its base is the upstream's `/api` (ADR 0007).
 */
export function commerceApiUrlWarning(url: string): string | null {
  if (/\/api$/.test(new URL(url).pathname.replace(/\/+$/, ''))) return null;
  return `COMMERCE_API_URL (${url}) does not end in /api: pages will ask ${url}/live-menus and the like, which an upstream Vitrine does not answer (every page then answers 503). Expected e.g. https://loja.example.com/api`;
}

/** The build id for /healthz and error reports. */
export function buildVersion(env: Bindings): string {
  return env.BUILD_VERSION?.trim() || 'dev';
}

/**
 * The payments mode of a request to `host`: a production host (first label `www` or PRODUCT_NAME) is
 * always live — sandbox mode is refused there, even when PAYMENTS_MODE says sandbox — else PAYMENTS_MODE,
 * sandbox when unset (a developer's machine, a preview or staging host).
 */
export function paymentsModeFor(config: Config, host: string): PaymentsMode {
  if (isIndexableHost(host, config.productName)) return 'live';
  return config.paymentsMode ?? 'sandbox';
}
