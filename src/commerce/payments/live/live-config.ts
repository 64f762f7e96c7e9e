import { blankAsUnset, ConfigError, LivePaymentsSchema } from '../../../env';
import { paypalProvider } from './paypal';
import { pixProvider } from './pix';
import { redeProvider } from './rede';
import { boletoProvider } from './boleto-inter';
import type { FetchLike, LiveProvider, LiveProviderName } from './live-provider';
import { dict } from '../../../lib/security/dict';

/**
 * Live provider configuration (vars + secrets, README "Live payments"; their schema is the env schema's live
 * payments part, src/env.ts `LivePaymentsSchema`). A provider is live only when
 * every one of its required settings is present and valid. A bad or half configuration fails `npm start`,
 * `npm run check:deploy` and `npm run deploy` (livePaymentProblems, src/config-check.ts); a running worker that
 * still meets one disables that provider and logs why, and its pages keep serving (ADR 0015).
 */
export interface LiveBindings {
  PAYMENT_PROVIDER_TIMEOUT_MS?: string;
  PIX_API_URL?: string;
  PIX_TOKEN_URL?: string;
  PIX_CLIENT_ID?: string;
  PIX_CLIENT_SECRET?: string;
  PIX_KEY?: string;
  /** `[[mtls_certificates]]` binding carrying the PSP's client certificate. */
  PIX_MTLS?: Fetcher;
  PAYPAL_API_URL?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_BRAND_NAME?: string;
  REDE_API_URL?: string;
  REDE_PV?: string;
  REDE_TOKEN?: string;
  REDE_SOFT_DESCRIPTOR?: string;
  /** e.Rede's OAuth2 token endpoint: set, the PV/token pair is OAuth2 client credentials (Bearer on `/erede/v2`). */
  REDE_TOKEN_URL?: string;
  BOLETO_API_URL?: string;
  BOLETO_CLIENT_ID?: string;
  BOLETO_CLIENT_SECRET?: string;
  BOLETO_ACCOUNT?: string;
  BOLETO_MTLS?: Fetcher;
}

const GROUPS: Record<LiveProviderName, string[]> = dict({
  pix: ['PIX_API_URL', 'PIX_TOKEN_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_KEY'],
  paypal: ['PAYPAL_API_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  rede: ['REDE_API_URL', 'REDE_PV', 'REDE_TOKEN'],
  boleto: ['BOLETO_API_URL', 'BOLETO_CLIENT_ID', 'BOLETO_CLIENT_SECRET'],
});

export type LiveRegistry = Partial<Record<LiveProviderName, LiveProvider>>;

export interface LiveOptions {
  /** Tests: the fake provider. Otherwise the global fetch, or the provider's mTLS binding. */
  fetch?: FetchLike;
}

const trim = (url: string) => url.replace(/\/+$/, '');
const globalFetch: FetchLike = (request) => fetch(request);
/** An mTLS certificate binding presents the client certificate on every request it sends. */
const viaBinding = (binding: Fetcher | undefined): FetchLike | undefined =>
  binding && typeof binding.fetch === 'function' ? (request) => binding.fetch(request) : undefined;

const cache = new WeakMap<object, LiveRegistry>();

const NAMES = Object.keys(GROUPS) as LiveProviderName[];
/** The provider a setting belongs to (by its prefix), or null for the shared ones (the timeout). */
const providerOf = (key: string): LiveProviderName | null =>
  NAMES.find((name) => key.startsWith(`${name.toUpperCase()}_`)) ?? null;

/** What is wrong with the live payment settings, per provider (null: a shared setting, dropped for its default). */
export function livePaymentProblems(
  env: LiveBindings,
): { provider: LiveProviderName | null; message: string; incomplete?: true }[] {
  const out: { provider: LiveProviderName | null; message: string; incomplete?: true }[] = [];
  const parsed = LivePaymentsSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      out.push({ provider: providerOf(key), message: `${key}: ${issue.message}` });
    }
  }
  const raw = env as Record<string, unknown>;
  for (const name of NAMES) {
    const keys = GROUPS[name];
    const missing = keys.filter((k) => blankAsUnset(raw[k]) === undefined);
    if (missing.length > 0 && missing.length < keys.length) {
      out.push({
        provider: name,
        message: `${name}: set ${missing.join(', ')} too (or none of ${keys.join(', ')})`,
        incomplete: true,
      });
    }
  }
  return out;
}

/**
 * The configured live adapters by provider name (none configured: an empty registry), for webhooks and the
 * cron's reconciliation; the checkout's slots wrap them (`liveProviders`, payments/live-provider-set.ts). A provider whose
 * settings are bad or incomplete is left out and the reason logged (once per env object); the rest work. Built
 * once per env object (per isolate) unless a test passes its own fetch.
 */
export function liveAdapters(env: LiveBindings, options: LiveOptions = {}): LiveRegistry {
  if (options.fetch) return build(env, options);
  let registry = cache.get(env);
  if (!registry) cache.set(env, (registry = build(env, options)));
  return registry;
}

function build(env: LiveBindings, options: LiveOptions): LiveRegistry {
  const problems = livePaymentProblems(env);
  const disabled = new Set(problems.map((p) => p.provider));
  if (problems.length > 0) {
    const off = NAMES.filter((n) => disabled.has(n));
    console.error(
      JSON.stringify({
        type: 'config',
        error: `Invalid configuration: ${problems.map((p) => p.message).join('; ')}`,
        disabled: off,
      }),
    );
  }
  // The settings less those of a disabled provider and the bad shared ones (which take their defaults).
  const usable = Object.fromEntries(
    Object.entries(env).filter(
      ([key]) =>
        !disabled.has(providerOf(key)) && !problems.some((p) => p.provider === null && p.message.startsWith(`${key}:`)),
    ),
  );
  const parsed = LivePaymentsSchema.safeParse(usable);
  if (!parsed.success)
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const c = parsed.data;
  const raw = c as Record<string, unknown>;
  const on = (name: LiveProviderName) => GROUPS[name].every((k) => raw[k] !== undefined);
  const enabled = { pix: on('pix'), paypal: on('paypal'), rede: on('rede'), boleto: on('boleto') };
  const timeoutMs = c.PAYMENT_PROVIDER_TIMEOUT_MS;
  const registry: LiveRegistry = {};
  if (enabled.pix)
    registry.pix = pixProvider({
      apiUrl: trim(c.PIX_API_URL!),
      tokenUrl: c.PIX_TOKEN_URL!,
      clientId: c.PIX_CLIENT_ID!,
      clientSecret: c.PIX_CLIENT_SECRET!,
      key: c.PIX_KEY!,
      timeoutMs,
      fetch: options.fetch ?? viaBinding(env.PIX_MTLS) ?? globalFetch,
    });
  if (enabled.paypal)
    registry.paypal = paypalProvider({
      apiUrl: trim(c.PAYPAL_API_URL!),
      clientId: c.PAYPAL_CLIENT_ID!,
      clientSecret: c.PAYPAL_CLIENT_SECRET!,
      webhookId: c.PAYPAL_WEBHOOK_ID!,
      brandName: c.PAYPAL_BRAND_NAME,
      timeoutMs,
      fetch: options.fetch ?? globalFetch,
    });
  if (enabled.rede)
    registry.rede = redeProvider({
      apiUrl: trim(c.REDE_API_URL!),
      pv: c.REDE_PV!,
      token: c.REDE_TOKEN!,
      softDescriptor: c.REDE_SOFT_DESCRIPTOR,
      tokenUrl: c.REDE_TOKEN_URL,
      timeoutMs,
      fetch: options.fetch ?? globalFetch,
    });
  if (enabled.boleto)
    registry.boleto = boletoProvider({
      apiUrl: trim(c.BOLETO_API_URL!),
      clientId: c.BOLETO_CLIENT_ID!,
      clientSecret: c.BOLETO_CLIENT_SECRET!,
      account: c.BOLETO_ACCOUNT,
      timeoutMs,
      fetch: options.fetch ?? viaBinding(env.BOLETO_MTLS) ?? globalFetch,
    });
  return registry;
}

/** `payments.provider` values each live provider answers for (rede takes credit and debit cards). */
export const STORED_PROVIDERS: Record<LiveProviderName, string[]> = dict({
  pix: ['pix'],
  paypal: ['paypal'],
  rede: ['rede', 'debit'],
  boleto: ['boleto'],
});
