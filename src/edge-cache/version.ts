import { catalogRepo } from '../commerce/catalog/repo';
import { meterD1, type D1Stats } from '../http/middleware/d1-meter';

/** The version, or null when `read` does not answer within `ms` (or fails); the read itself goes on. */
export function versionWithin(read: Promise<number | null>, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    read.then(resolve).finally(() => clearTimeout(timer));
  });
}

/** Per D1 binding: the content version this isolate read last and when the read started (`Date.now()`). */
const lastRead = new WeakMap<D1Database, { version: number; at: number }>();

/** The content version a request is checked against, and whether it was read from D1 for this request. */
export type AskedVersion =
  | { read: false; version: number }
  /** `version` is D1's answer whenever it comes (null when the read fails); `d1` its figures for the log line. */
  | { read: true; version: Promise<number | null>; d1: D1Stats };

/**
 * The content version a hit is checked against: the one this isolate read less than `ttlMs` ago, without a D1
 * read, or else a fresh read (which is remembered). So a busy isolate reads D1 about once per `ttlMs` instead of
 * once per hit (that read goes to the primary, an ocean away from a Brazilian shopper: D1 has no South American
 * region), and a catalog change shows from at most `ttlMs` after it; 0 reads on every hit (ADR 0018).
 */
export function versionFor(db: D1Database, ttlMs: number): AskedVersion {
  const now = Date.now();
  const known = lastRead.get(db);
  // (A clock that went back, `at` after `now`, is no age at all: read.)
  if (known && now >= known.at && now - known.at < ttlMs) return { read: false, version: known.version };
  const d1: D1Stats = { queries: 0, ms: 0, failures: 0 };
  const version = catalogRepo(meterD1(db, d1))
    .contentVersion()
    .then(
      (read) => {
        const latest = lastRead.get(db);
        // A read that started before the one remembered does not replace it.
        if (read !== null && (!latest || latest.at <= now)) lastRead.set(db, { version: read, at: now });
        return read;
      },
      () => null,
    );
  return { read: true, version, d1 };
}
