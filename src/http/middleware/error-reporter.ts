/**
 * Optional error reporting to a Sentry-compatible service (`ERROR_REPORTER_DSN`), in Sentry's
 * envelope format: one `event` item per unhandled error. Only the error, the route pattern, the
 * method and the request id are sent: never bodies, cookies, headers, query strings or tokens.
 */

export type ReportFetch = (request: Request) => Promise<Response>;

export interface ReporterTarget {
  /** `<scheme>://<host>[/<path>]/api/<project>/envelope/` */
  endpoint: string;
  publicKey: string;
  dsn: string;
}

/** `https://<public key>@<host>[/<path>]/<project id>` → where and how to send; null when not a DSN. */
export function parseDsn(dsn: string | undefined): ReporterTarget | null {
  const raw = dsn?.trim();
  if (!raw || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!/^https?:$/.test(url.protocol) || !url.username || !project || !/^\d+$/.test(project)) return null;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    endpoint: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
    publicKey: url.username,
    dsn: raw,
  };
}

export interface ErrorContext {
  requestId: string;
  method: string;
  route: string;
  /** Origin + route pattern (paths and queries may carry tokens or references). */
  url: string;
  release: string;
  mode: 'app' | 'web';
}

interface Frame {
  function?: string;
  filename: string;
  lineno?: number;
  colno?: number;
}

/** V8 stack lines (`at fn (file:line:col)`) → Sentry frames, oldest first. */
function frames(stack: string | undefined): Frame[] {
  const out: Frame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (m) out.push({ function: m[1], filename: m[2]!, lineno: Number(m[3]), colno: Number(m[4]) });
  }
  return out.reverse();
}

const eventId = () => crypto.randomUUID().replaceAll('-', '');

/** The envelope body: header line, item header line, event payload line. */
export function errorEnvelope(target: ReporterTarget, error: unknown, context: ErrorContext, now = new Date()): string {
  const id = eventId();
  const err = error instanceof Error ? error : new Error(String(error));
  const event = {
    event_id: id,
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'vitrine.worker',
    release: context.release,
    transaction: `${context.method} ${context.route}`,
    tags: { request_id: context.requestId, route: context.route, mode: context.mode },
    request: { method: context.method, url: context.url },
    exception: { values: [{ type: err.name, value: err.message, stacktrace: { frames: frames(err.stack) } }] },
  };
  return [
    JSON.stringify({ event_id: id, sent_at: now.toISOString(), dsn: target.dsn }),
    JSON.stringify({ type: 'event', content_type: 'application/json' }),
    JSON.stringify(event),
  ].join('\n');
}

/** POSTs one error; never throws (a reporter that is down must not break the request that failed). */
export async function sendError(
  target: ReporterTarget,
  doFetch: ReportFetch,
  error: unknown,
  context: ErrorContext,
): Promise<void> {
  try {
    const response = await doFetch(
      new Request(target.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_client=vitrine-worker/1.0, sentry_key=${target.publicKey}`,
        },
        body: errorEnvelope(target, error, context),
      }),
    );
    await response.body?.cancel();
    if (!response.ok)
      console.error(JSON.stringify({ type: 'error-reporter', requestId: context.requestId, status: response.status }));
  } catch (failure) {
    console.error(JSON.stringify({ type: 'error-reporter', requestId: context.requestId, error: String(failure) }));
  }
}
