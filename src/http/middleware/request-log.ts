import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { buildVersion, type AppEnv, type Bindings } from '../../env';
import { meterD1, type D1Stats } from './d1-meter';
import { parseDsn, sendError, type ReportFetch, type ReporterTarget } from './error-reporter';

/** The one structured line per request (Workers Logs and `wrangler tail` index its JSON fields). */
export interface RequestLogLine {
  type: 'request';
  requestId: string;
  method: string;
  /** The matched route pattern (`/:slug/p`), never the raw path: paths and queries may carry tokens. */
  route: string;
  status: number;
  /** Until the response headers; a streamed body continues after. */
  durationMs: number;
  d1Queries: number;
  d1Ms: number;
  mode: 'app' | 'web';
  /** `cf-cache-status` when a cache answered or was consulted. */
  cache?: string;
  /** The error's class when an error handler produced the response. */
  error?: string;
}

const targets = new WeakMap<object, ReporterTarget | null>();

/** The reporter for these bindings (parsed once per isolate); a DSN that is set but unusable is logged once. */
function reporterFor(env: Bindings): ReporterTarget | null {
  const cached = targets.get(env);
  if (cached !== undefined) return cached;
  const target = parseDsn(env.ERROR_REPORTER_DSN);
  if (!target && env.ERROR_REPORTER_DSN?.trim()) {
    console.warn(
      JSON.stringify({
        type: 'config',
        warning: 'ERROR_REPORTER_DSN is not a DSN (https://<key>@<host>/<project id>): error reporting is off',
      }),
    );
  }
  targets.set(env, target);
  return target;
}

function waitUntil(c: Context<AppEnv>, work: Promise<void>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (e.g. app.request in a test): the promise still runs.
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * First middleware: hands the request a metered D1 binding (`c.var.db`), then writes one JSON log
 * line with `console.log` and reports an error that ended in a 5xx to `ERROR_REPORTER_DSN` (if set).
 * Nothing from bodies, cookies, headers or the query string is logged or reported.
 */
export function requestLog(reportFetch: ReportFetch) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const stats: D1Stats = { queries: 0, ms: 0, failures: 0 };
    c.set('d1Stats', stats);
    c.set('db', meterD1(c.env.DB, stats));
    await next();
    const requestId = c.var.requestId ?? '';
    const route = routePath(c);
    const mode = c.var.appMode ? 'app' : 'web';
    const line: RequestLogLine = {
      type: 'request',
      requestId,
      method: c.req.method,
      route,
      status: c.res.status,
      durationMs: round(performance.now() - started),
      d1Queries: stats.queries,
      d1Ms: round(stats.ms),
      mode,
    };
    const cache = c.res.headers.get('cf-cache-status');
    if (cache) line.cache = cache;
    if (c.error) line.error = c.error.name;
    console.log(JSON.stringify(line));

    const target = c.error && c.res.status >= 500 ? reporterFor(c.env) : null;
    if (target && c.error) {
      const release = buildVersion(c.env);
      const url = new URL(c.req.url).origin + route;
      waitUntil(
        c,
        sendError(target, reportFetch, c.error, { requestId, method: c.req.method, route, url, release, mode }),
      );
    }
  });
}
