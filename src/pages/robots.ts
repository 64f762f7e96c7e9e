import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Host-dependent, so a worker route rather than a static file (static assets run before the worker). */
export const robotsRoutes = new Hono<AppEnv>().get('/robots.txt', (c) => {
  const body = c.var.noindex
    ? 'User-agent: *\nDisallow: /\n'
    : `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /checkout\nDisallow: /minha-conta\nDisallow: /cart/\n\nSitemap: ${c.var.config.siteUrl}/sitemap.xml\n`;
  c.header('Cache-Control', 'public, max-age=300');
  return c.text(body);
});
