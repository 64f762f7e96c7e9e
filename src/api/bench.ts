import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * `npm run bench` only (`BENCH_ROUTES=1`, never set in wrangler.toml): a bare D1 write round trip,
 * the baseline add-to-cart is measured against. Without the var the route does not exist (404).
 */
export const benchRoutes = new Hono<AppEnv>().post('/__bench/d1-write', async (c, next) => {
  if (c.env.BENCH_ROUTES !== '1') return next();
  await c.var.db.prepare("INSERT INTO parameters (key, value) VALUES ('__bench_write', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
    .bind(String(Date.now()))
    .run();
  return c.json({ ok: true });
});
