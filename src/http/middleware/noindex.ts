import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { isIndexableHost } from '../../lib/site/host';

export const NOINDEX = 'noindex, nofollow';

/** Marks non-production hosts (spec §6) with a header here and a meta tag in the document. */
export const noindexByHost = createMiddleware<AppEnv>(async (c, next) => {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const noindex = !isIndexableHost(host, c.var.config.productName);
  c.set('noindex', noindex);
  await next();
  if (noindex) c.header('X-Robots-Tag', NOINDEX);
});
