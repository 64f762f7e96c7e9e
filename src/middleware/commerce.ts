import { createMiddleware } from 'hono/factory';
import { embeddedCommerce } from '../commerce/embedded';
import { upstreamCommerce } from '../commerce/upstream';
import type { UpstreamFetch } from '../commerce/upstream-http';
import type { AppEnv } from '../env';
import { isLocalHost } from '../lib/host';

/** Picks the adapter for this request: the upstream API when configured, else the D1 backend. */
export function commerce(doFetch: UpstreamFetch) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const upstream = c.var.config.upstream;
    c.set(
      'commerce',
      upstream
        ? upstreamCommerce(upstream, doFetch, { token: c.var.session.token, headers: c.req.raw.headers })
        : embeddedCommerce(c.var.db ?? c.env.DB, {
            maxItemAmount: c.var.config.cartMaxItemAmount,
            token: c.var.session.token,
            siteUrl: linkOrigin(c.req.url, c.var.config.siteUrl),
            payments: { cardService: c.var.config.cardService, paypalDown: c.var.config.paypalDown },
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
