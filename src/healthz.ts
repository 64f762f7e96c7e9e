import { Hono } from 'hono';
import { databaseRepo } from './db/repo';
import { buildVersion, type AppEnv } from './env';

/** How long /healthz waits for `SELECT 1` before calling D1 down. */
export const HEALTH_D1_TIMEOUT_MS = 1000;

async function d1Answers(db: D1Database): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_D1_TIMEOUT_MS);
  });
  try {
    return await Promise.race([databaseRepo(db).ping(), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /healthz`: 200 when D1 answers `SELECT 1`, else 503; never cached. For load balancers and uptime checks. */
export const healthRoutes = new Hono<AppEnv>();

healthRoutes.get('/healthz', async (c) => {
  const up = await d1Answers(c.var.db);
  c.header('Cache-Control', 'no-store');
  const version = buildVersion(c.env);
  return up ? c.json({ ok: true, version, d1: 'ok' }, 200) : c.json({ ok: false, version, d1: 'down' }, 503);
});
