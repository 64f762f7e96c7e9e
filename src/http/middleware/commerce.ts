import { createMiddleware } from 'hono/factory';
import { embeddedCommerce } from '../../commerce/embedded';
import type { ProviderSet } from '../../commerce/payments/provider';
import { sandboxProviders } from '../../commerce/payments/sandbox';
import { paymentsConfigFor, type PaymentsConfig } from '../../commerce/payments/sandbox/payments-config';
import { liveProviders } from '../../commerce/payments/live-provider-set';
import { upstreamCommerce } from '../../commerce/upstream';
import type { UpstreamFetch } from '../../commerce/upstream-http';
import type { FetchLike } from '../../commerce/payments/live/live-provider';
import { paymentsModeFor, type AppEnv, type Bindings, type PaymentsMode } from '../../env';
import { isLocalHost } from '../../lib/site/host';

/** Which payment adapters a request gets; tests replace it (fault injection on the sandbox). */
export type ProvidersFor = (mode: PaymentsMode, env: Bindings, payments: PaymentsConfig) => ProviderSet;

/**
 * Sandbox mode: the in-house simulators. Live mode: only the providers whose configuration is complete
 * (`payments/live/factories.ts`), reaching them through `paymentsFetch` (tests: the contract-checking fakes).
 */
export function defaultProvidersWith(paymentsFetch?: FetchLike): ProvidersFor {
  return (mode, env, payments) =>
    mode === 'sandbox'
      ? sandboxProviders(env.DB, payments)
      : liveProviders(env as unknown as Record<string, unknown>, paymentsFetch);
}
export const defaultProviders: ProvidersFor = defaultProvidersWith();

/**
 * Decides the request's payments mode (production host → live, ADR 0013) and picks the adapter: the
 * upstream API when configured, else the D1 backend with that mode's payment providers.
 */
export function commerce(doFetch: UpstreamFetch, providersFor: ProvidersFor = defaultProviders) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const config = c.var.config;
    const mode = paymentsModeFor(config, c.req.header('host') ?? new URL(c.req.url).host);
    c.set('paymentsMode', mode);
    const upstream = config.upstream;
    const payments = paymentsConfigFor(config);
    c.set(
      'commerce',
      upstream
        ? upstreamCommerce(upstream, doFetch, { token: c.var.session.token, headers: c.req.raw.headers })
        : embeddedCommerce(c.var.db, {
            maxItemAmount: config.cartMaxItemAmount,
            token: c.var.session.token,
            requestId: c.var.requestId,
            siteUrl: linkOrigin(c.req.url, config.siteUrl),
            payments,
            providers: providersFor(mode, c.env, payments),
            origin: linkOrigin(c.req.url, config.siteUrl),
            primary: c.env.DB,
          }),
    );
    await next();
  });
}

/** E-mail links use the configured site URL (a forged Host cannot redirect them), or this origin locally. */
function linkOrigin(requestUrl: string, siteUrl: string): string {
  const url = new URL(requestUrl);
  return isLocalHost(url.hostname) ? url.origin : siteUrl;
}
