// The local serving runtime: the worker bundle `wrangler deploy` would upload, run by Miniflare on workerd,
// with no bundler, no file watcher and no dev proxy in front (ADR 0020). Used by `npm start`, the e2e tier,
// the bench, the soak and the Lighthouse script; `npm run dev` keeps `wrangler dev` for live reload.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { importTs, log, root, run } from './commands.mjs';

export const DIST = '.wrangler/dist';
/** Workers' limit on a compressed worker bundle (paid plan); the free plan allows 3 MiB. */
export const WORKER_GZIP_LIMIT = 10 * 1024 * 1024;
export const WORKER_GZIP_LIMIT_FREE = 3 * 1024 * 1024;

/**
 * Bundles the worker exactly as `wrangler deploy` does (`--dry-run`: nothing is uploaded) into .wrangler/dist and
 * returns the bundle's size; this is also the deploy proof of the test command.
 */
export function buildWorker({ outdir = DIST, quiet = true } = {}) {
  run('wrangler', ['deploy', '--dry-run', '--outdir', outdir], { capture: quiet });
  return bundleSize(outdir);
}

export async function bundleSize(outdir = DIST) {
  const body = await readFile(`${root}${outdir}/index.js`);
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/** What /healthz reports as the version: the commit served (as `npm run deploy` sets it), or `dev`. */
function buildVersion() {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'dev';
}

/** Miniflare options for the built bundle, with wrangler.toml's bindings and the given extra vars and services. */
export function runtimeOptions({
  port,
  persist = '.wrangler/state',
  vars = {},
  services = {},
  outdir = DIST,
  https = false,
}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.toml`);
  const persistRoot = `${persist.startsWith('/') ? '' : root}${persist}/v3`;
  return convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: Number(port),
    https,
    // The same files `wrangler d1 … --local --persist-to <persist>` and `wrangler dev` use (D1, cache).
    resourcePersistencePath: persistRoot,
    // Offline: no request to Cloudflare for a real `request.cf`.
    cf: false,
    // The local scheduled trigger: GET /cdn-cgi/local/scheduled?cron=… runs the worker's `scheduled` handler once
    // (npm run cron, scripts/cron.mjs). Local only: a deployed worker's cron is Cloudflare's.
    unsafeTriggerHandlers: true,
    log: new Log(LogLevel.WARN),
    handleStructuredLogs: printRuntimeLog,
    workers: [
      {
        ...workerOptions,
        name: 'vitrine',
        modules: [{ type: 'ESModule', path: `${root}${outdir}/index.js` }],
        modulesRoot: `${root}${outdir}`,
        bindings: { BUILD_VERSION: buildVersion(), ...workerOptions.bindings, ...vars },
        // The photo upload (ADR 0032) needs the IMAGES bucket, which wrangler.toml leaves to a deployed catalog past
        // the static asset limit: locally a bucket under the persist dir, so `npm start` and the e2e stores store
        // uploads (and serve them) as production would. A bucket wrangler.toml binds is kept as it is.
        r2Buckets: { IMAGES: 'vitrine-images', ...workerOptions.r2Buckets },
        serviceBindings: { ...workerOptions.serviceBindings, ...services },
      },
    ],
  });
}

/**
 * workerd's own log, as Miniflare prints it, less the noise of clients that hang up mid-response (a browser closing
 * a tab, an aborted prefetch): workerd reports each as a "Broken pipe"/"disconnected" error with a stack, though
 * nothing failed.
 */
const HANGUP = /disconnected: ::(write|writev|read)\(|Broken pipe|Connection reset by peer|^stack: /;
function printRuntimeLog({ level, message }) {
  if (HANGUP.test(message)) return;
  if (level === 'error' || level === 'warn') console.error(message);
  else console.log(message);
}

export async function startRuntime(options) {
  const mf = new Miniflare(runtimeOptions(options));
  await mf.ready;
  return mf;
}

// ---- D1: migrations (wrangler's own bookkeeping table, so `wrangler d1 migrations apply --local` agrees) + seed.

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`;

export async function readMigrations(dir = `${root}src/db/migrations`) {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (name) => ({ name, sql: await readFile(`${dir}/${name}`, 'utf8') })));
}

/** Splits a migration into statements (wrangler's own splitter: it knows triggers and string literals). */
async function statementsOf(sql) {
  const { unstable_splitSqlQuery } = await import('wrangler');
  return unstable_splitSqlQuery(sql).filter((s) => s.trim());
}

/** Applies the migrations `db` has not seen, each in one batch with its bookkeeping row; returns their names. */
export async function applyMigrations(db, migrations) {
  await db.exec(MIGRATIONS_TABLE.replace(/\s+/g, ' '));
  const { results } = await db.prepare('SELECT name FROM d1_migrations').all();
  const done = new Set(results.map((r) => r.name));
  const applied = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    const statements = (await statementsOf(m.sql)).map((s) => db.prepare(s));
    statements.push(db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(m.name));
    try {
      await db.batch(statements);
    } catch (error) {
      throw new Error(`migration ${m.name} failed: ${error.message}`);
    }
    applied.push(m.name);
  }
  return applied;
}

/** The seed module (src/db/seed), bundled for Node. */
export const loadSeed = () => importTs('src/db/seed/index.ts');

const SEED_BATCH = 1000;

/** Seeds an empty database (or again with `reseed`) in a few large batches; returns the statement count or 0. */
export async function seed(db, { reseed = false, products = Number(process.env.SEED_PRODUCTS ?? 320) } = {}) {
  const { results } = await db.prepare('SELECT count(*) AS n FROM menus').all();
  if (results[0].n > 0 && !reseed) return 0;
  const { seedStatements } = await loadSeed();
  const statements = seedStatements(new Date(), { products });
  // At 100,000 products building the statements takes a while, long enough for the runtime to close the idle
  // connection the first read used ("fetch failed: other side closed"); one throwaway read opens a fresh one.
  await db
    .prepare('SELECT 1')
    .all()
    .catch(() => {});
  for (let i = 0; i < statements.length; i += SEED_BATCH) {
    await db.batch(statements.slice(i, i + SEED_BATCH).map(({ sql, params }) => db.prepare(sql).bind(...params)));
  }
  return statements.length;
}

/** The local D1 of `persist` alone (no worker bundle needed), e.g. for `npm run db:setup`. */
export async function openDatabase({ persist = '.wrangler/state' } = {}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(`${root}wrangler.toml`);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      resourcePersistencePath: `${persist.startsWith('/') ? '' : root}${persist}/v3`,
      cf: false,
      log: new Log(LogLevel.WARN),
      modules: true,
      script: 'export default { fetch() { return new Response(null, { status: 404 }); } }',
      compatibilityDate: workerOptions.compatibilityDate,
      d1Databases: workerOptions.d1Databases,
    }),
  );
  return { db: await mf.getD1Database('DB'), dispose: () => mf.dispose() };
}

/** Migrates and seeds the D1 of a running Miniflare. */
export async function setupDatabase(mf, { reseed = false } = {}) {
  const db = await mf.getD1Database('DB');
  const applied = await applyMigrations(db, await readMigrations());
  const seeded = await seed(db, { reseed });
  return { applied, seeded };
}

export const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

export function timer() {
  const started = performance.now();
  const steps = [];
  return {
    step(name, since = steps.at(-1)?.end ?? started) {
      const end = performance.now();
      steps.push({ name, ms: end - since, end });
      log(`${name}: ${((end - since) / 1000).toFixed(1)} s`);
    },
    total: () => (performance.now() - started) / 1000,
    steps,
  };
}
