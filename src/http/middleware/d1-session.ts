import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { sessionDatabase } from '../../db/repo';
import type { AppEnv } from '../../env';
import { meterD1 } from './d1-meter';

/**
 * Reads near the shopper (ADR 0019): every request of the embedded backend runs its queries in one
 * D1 session (`withSession`), so reads may go to the nearest read replica. A shopper's own writes stay
 * visible to them: after a state-changing request the session's bookmark goes into the HttpOnly cookie
 * `d1_bookmark`, and the next requests start their session from it (a replica at least that fresh, or the
 * primary). Without a bookmark a session starts `first-unconstrained` (any replica). GET requests never set
 * the cookie, so anonymous pages stay cacheable at the edge.
 */
export const D1_BOOKMARK_COOKIE = 'd1_bookmark';
/** As long as a session: later than that, any replica has long caught up. */
const BOOKMARK_MAX_AGE = 60 * 60 * 12;
// D1 bookmarks are hex groups separated by dashes; anything else is ignored, never passed to D1.
const BOOKMARK = /^[0-9a-f]{1,40}(?:-[0-9a-f]{1,40}){0,7}$/i;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function bookmarkFrom(cookie: string | undefined): string | null {
  return cookie && BOOKMARK.test(cookie) ? cookie : null;
}

export const d1Session = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.config.upstream) return next();
  const bookmark = bookmarkFrom(getCookie(c, D1_BOOKMARK_COOKIE));
  let session: D1DatabaseSession;
  try {
    session = c.env.DB.withSession(bookmark ?? 'first-unconstrained');
  } catch {
    // A bookmark D1 does not accept (another database, too old): start like a new shopper.
    session = c.env.DB.withSession('first-unconstrained');
  }
  // Still metered for the request's log line (request-log.ts, first in the chain, counts what the session runs).
  const db = sessionDatabase(c.env.DB, session);
  c.set('db', c.var.d1Stats ? meterD1(db, c.var.d1Stats) : db);
  await next();
  // A refused request changed nothing the shopper will read back.
  if (!WRITES.has(c.req.method) || c.res.status >= 400) return;
  const latest = session.getBookmark();
  if (!latest || latest === bookmark || !BOOKMARK.test(latest)) return;
  setCookie(c, D1_BOOKMARK_COOKIE, latest, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: BOOKMARK_MAX_AGE,
  });
});
