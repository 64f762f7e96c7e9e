import { Hono } from 'hono';
import { FeedQuerySchema } from '../../contracts/feed';
import type { AppEnv } from '../../env';
import { parseWith } from '../../http/body';

/** One page of the Merchant Center feed's variants (the page routes /feeds/google.* read it through the port). */
export const feedRoutes = new Hono<AppEnv>().get('/feed/items', async (c) =>
  c.json(await c.var.commerce.feedPage(parseWith(FeedQuerySchema, c.req.query()))),
);
