import { Hono } from 'hono';
import { databaseRepo } from '../../db/repo';
import type { AppEnv } from '../../env';

/**
 * `npm run bench` only (`BENCH_ROUTES=1`, never set in wrangler.toml): a bare D1 write round trip,
 * the baseline add-to-cart is measured against, and a reset of the stored listing summaries and orders. Without the var
 * the routes do not exist (404).
 */
export const benchRoutes = new Hono<AppEnv>()
  .post('/__bench/d1-write', async (c, next) => {
    if (c.env.BENCH_ROUTES !== '1') return next();
    await databaseRepo(c.var.db).benchWrite(String(Date.now()));
    return c.json({ ok: true });
  })
  // The cold search/listing figures: facet counts and totals counted and the first pages ordered over the result
  // set, as on the first request after a catalog change (otherwise stored per content version, migrations 0017, 0019).
  .post('/__bench/forget-summaries', async (c, next) => {
    if (c.env.BENCH_ROUTES !== '1') return next();
    await databaseRepo(c.var.db).benchClearSummaries();
    return c.json({ ok: true });
  });
