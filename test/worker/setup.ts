import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { freshD1 } from './fresh-d1';

// Test files share a worker's modules (`isolate: false`: the worker's module graph loads once, not once per file)
// and, one file after another, its D1 and edge cache. So each file starts from what isolation gave it:
// - no spy left by the file before;
vi.restoreAllMocks();
// - and no request log lines shipped out of workerd: the worker writes one JSON line per request (ADR 0020), thousands
//   in this tier, and each crossed from workerd to vitest only for vitest.worker.config.ts's onConsoleLog to drop it
//   (a quarter of the CPU time of the files making the most requests, measured on fuzz, cart and pages). They stop
//   here, inside the worker. A test that reads them spies on console.log, which wraps this filter and sees every line
//   first.
const REQUEST_LINE = '{"type":"request"';
const FILTERED = Symbol.for('vitrine.test.requestLinesDropped');
if (!(console.log as { [FILTERED]?: true })[FILTERED]) {
  const log = console.log.bind(console);
  const filtered = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(REQUEST_LINE)) return;
    log(...args);
  };
  console.log = Object.assign(filtered, { [FILTERED]: true as const });
}
// - the D1 `wrangler d1 migrations apply` gives an empty database (only one file runs in a worker at a time);
await freshD1(env.DB, env.TEST_MIGRATIONS);
// - and an edge cache whose entries, stored at content versions of an earlier file's database, never match: this
//   file's versions start at a random offset.
await env.DB.prepare('UPDATE content_version SET version = ?1 WHERE id = 1')
  .bind(1 + Math.floor(Math.random() * 1e9))
  .run();
