import { z } from 'zod';
import type { CommercePort } from './commerce/port';

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
}

export interface Session {
  /** Session token from the `token` cookie or a Bearer header; validity is checked by the commerce backend. */
  token: string | null;
}

export interface Variables {
  requestId: string;
  nonce: string;
  noindex: boolean;
  session: Session;
  appMode: boolean;
  config: Config;
  commerce: CommercePort;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const ConfigSchema = z.object({
  PRODUCT_NAME: z.string().trim().toLowerCase().min(1).default('vitrine'),
  SITE_URL: z.url().default('https://www.vitrine.com.br'),
  IMAGE_HOST: z.string().default('/images'),
  COMMERCE_API_URL: optionalUrl,
  COMMERCE_API_USER: z.string().optional(),
  COMMERCE_API_PASSWORD: z.string().optional(),
  COMMERCE_API_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(8000),
  CART_MAX_ITEM_AMOUNT: z.coerce.number().int().min(1).max(999).default(10),
  STREAM_IDENTITY: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export interface Config {
  productName: string;
  siteUrl: string;
  imageHost: string;
  upstream: { url: string; user?: string; password?: string; timeoutMs: number } | null;
  streamIdentity: boolean;
  /** Per-SKU quantity limit in a bag. */
  cartMaxItemAmount: number;
}

const cache = new WeakMap<object, Config>();

/** Validates bindings once per isolate (per env object); a bad value fails loudly at the first request. */
export function parseConfig(env: Bindings): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const raw = ConfigSchema.parse(env);
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
  };
  cache.set(env, config);
  return config;
}
