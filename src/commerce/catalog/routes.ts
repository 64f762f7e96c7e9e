import { Hono } from 'hono';
import { z } from 'zod';
import { ListingQuerySchema, SearchTermSchema } from '../../contracts/catalog';
import type { AppEnv } from '../../env';
import { emptyDict } from '../../lib/security/dict';

const SlugSchema = z.string().regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, 'Categoria inválida.');

/** Query params as zod sees them: repeated keys become arrays. */
function queryOf(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = emptyDict();
  for (const [key, value] of new URL(url).searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export const catalogRoutes = new Hono<AppEnv>()
  .get('/catalog/listing', async (c) => {
    const slug = SlugSchema.parse(c.req.query('slug'));
    return c.json(await c.var.commerce.listing(slug, ListingQuerySchema.parse(queryOf(c.req.url))));
  })
  .get('/search', async (c) => {
    const term = SearchTermSchema.parse(c.req.query('q') ?? '');
    return c.json(await c.var.commerce.search(term, ListingQuerySchema.parse(queryOf(c.req.url))));
  })
  .get('/search/suggest', async (c) => {
    const term = SearchTermSchema.parse(c.req.query('q') ?? '');
    return c.json(await c.var.commerce.suggest(term));
  });
