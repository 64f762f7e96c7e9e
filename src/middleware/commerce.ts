import { createMiddleware } from 'hono/factory';
import { embeddedCommerce } from '../commerce/embedded';
import { upstreamCommerce } from '../commerce/upstream';
import type { UpstreamFetch } from '../commerce/upstream-http';
import type { AppEnv } from '../env';

/** Picks the adapter for this request: the upstream API when configured, else the D1 backend. */
export function commerce(doFetch: UpstreamFetch) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const upstream = c.var.config.upstream;
    c.set(
      'commerce',
      upstream
        ? upstreamCommerce(upstream, doFetch, { token: c.var.session.token, headers: c.req.raw.headers })
        : embeddedCommerce(c.env.DB, {
            maxItemAmount: c.var.config.cartMaxItemAmount,
            token: c.var.session.token,
            payments: { cardService: c.var.config.cardService, paypalDown: c.var.config.paypalDown },
          }),
    );
    await next();
  });
}
