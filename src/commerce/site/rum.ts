import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { jsonBody } from '../../http/body';

/**
 * A route pattern as Hono names it (`/`, `/:slug/p`, `/:details{[a-z0-9-]+(?:/[a-z0-9-]+)*}`): no `=`, `&`, `@`, `%` or
 * space, so no query string, e-mail or encoded value passes as one.
 */
const ROUTE_PATTERN = /^\/[A-Za-z0-9/:_*.{}()[\]+?,|^$\\-]{0,200}$/;

const VitalSchema = z
  .object({
    name: z.enum(['LCP', 'INP', 'CLS']),
    value: z.number().min(0).max(600_000),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
    route: z.string().regex(ROUTE_PATTERN, 'Rota inválida.'),
    navigation: z.enum(['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore']).optional(),
  })
  .strict();

/** The one structured line a web vital adds to the request log (Workers Logs index its JSON fields). */
export interface WebVitalLogLine extends z.infer<typeof VitalSchema> {
  type: 'web-vital';
  requestId: string;
  mode: 'app' | 'web';
}

/**
 * POST /api/rum: a sampled page view's web vitals (client/vitals.ts, `RUM_SAMPLE_RATE`), written to the log as one
 * JSON line each, so the store's operators see field figures per page type. Nothing personal is accepted: a metric,
 * its value and rating, the route pattern and the navigation type; anything else is a 400. Served on both adapters
 * (it is this site's measurement, not the commerce backend's).
 */
export const rumRoutes = new Hono<AppEnv>().post('/rum', async (c) => {
  const vital = await jsonBody(c, VitalSchema);
  const line: WebVitalLogLine = {
    type: 'web-vital',
    requestId: c.var.requestId ?? '',
    mode: c.var.appMode ? 'app' : 'web',
    ...vital,
  };
  console.log(JSON.stringify(line));
  return c.body(null, 204);
});
