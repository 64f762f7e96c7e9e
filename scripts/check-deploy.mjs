// Deploy proof, run by the test command (and alone: `npm run check:deploy`). Exits non-zero when any part fails:
// 1. `wrangler deploy --dry-run` bundles the worker as a deploy would; its gzip size is printed against the limits;
// 2. worker-configuration.d.ts is what `wrangler types` generates from wrangler.toml now (src/env.ts checks that
//    every binding there is declared in `Bindings`, so tsc catches a binding the code does not know);
// 3. every migration applies from zero, and forward from each of the last FORWARD_PATHS ones (the states a deployed
//    database can be in: a deploy lands at most a few at once), on a fresh D1 (in workerd), and the seed then loads
//    with no foreign-key violation;
// 4. wrangler.toml's [vars] pass the worker's and the live payment providers' rules (scripts/config-check.mjs).
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { log, root, run } from './commands.mjs';
import { checkConfig } from './config-check.mjs';
import {
  applyMigrations,
  buildWorker,
  readMigrations,
  seed,
  WORKER_GZIP_LIMIT,
  WORKER_GZIP_LIMIT_FREE,
} from './runtime.mjs';

const TYPES = ['types', 'worker-configuration.d.ts', '--include-runtime=false', '--strict-vars=false'];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const failures = [];

// 1. Bundle.
try {
  const size = await buildWorker();
  log(
    `deploy dry-run: worker bundle ${kb(size.raw)}, ${kb(size.gzip)} gzip — limit ${kb(WORKER_GZIP_LIMIT_FREE)} (free plan), ` +
      `${kb(WORKER_GZIP_LIMIT)} (paid)`,
  );
  if (size.gzip > WORKER_GZIP_LIMIT_FREE)
    failures.push(`worker bundle ${kb(size.gzip)} gzip is over the free plan's ${kb(WORKER_GZIP_LIMIT_FREE)}`);
} catch (error) {
  failures.push(`wrangler deploy --dry-run failed: ${error.message}`);
}

// 2. Generated env types.
if (run('wrangler', [...TYPES, '--check'], { capture: true, allowFail: true }).status === 0)
  log('env types: worker-configuration.d.ts matches wrangler.toml');
else failures.push(`worker-configuration.d.ts is stale: run \`npx wrangler ${TYPES.join(' ')}\` and commit it`);

// 4. Configuration (first: cheap, and a bad value is the likeliest deploy mistake).
const configProblems = await checkConfig(root, { deployOnly: true });
if (configProblems.length) failures.push(`wrangler.toml [vars]: ${configProblems.join('; ')}`);
else log("config: wrangler.toml [vars] pass the worker's and the payment providers' rules");

// 3. Migrations.
const migrations = await readMigrations();
const names = migrations.map((m) => m.name);
/**
 * How many of the newest migrations a database may still be waiting for. Forward from every one of 30 meant 30
 * databases brought up to each starting point side by side: about 40 CPU-seconds of the test command, for states no
 * deployed database is in, and on a loaded machine two of the 30 failed to reach workerd at all.
 */
const FORWARD_PATHS = 8;
const starts = [0, ...migrations.map((_, k) => k).filter((k) => k > 0 && k >= migrations.length - FORWARD_PATHS)];
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }); } }',
    compatibilityDate: '2026-08-15',
    d1Databases: Object.fromEntries(starts.map((k) => [`DB${k}`, `check-${k}`])),
  }),
);
const before = failures.length;
const schemaOf = async (db) =>
  JSON.stringify(
    (
      await db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
        .all()
    ).results,
  );
try {
  // Each path is the database as it was before migration k (k = 0: empty), then the rest as a later deploy applies
  // them (the `d1_migrations` bookkeeping): it must end on the schema the path from zero ends on, where the seed loads
  // once with its foreign keys holding. The paths run side by side.
  const paths = await Promise.all(
    starts.map(async (k) => {
      const db = await mf.getD1Database(`DB${k}`);
      const step = k === 0 ? 'from zero' : `forward from ${names[k - 1]}`;
      try {
        await applyMigrations(db, migrations.slice(0, k));
        const applied = await applyMigrations(db, migrations);
        if (applied.join() !== names.slice(k).join()) throw new Error(`applied ${applied.join(', ')}`);
        const schema = await schemaOf(db);
        if (k === 0) {
          await seed(db, { products: 20 });
          const { results } = await db.prepare('PRAGMA foreign_key_check').all();
          if (results.length)
            throw new Error(`foreign key violations after seeding: ${JSON.stringify(results.slice(0, 3))}`);
        }
        return { step, schema };
      } catch (error) {
        failures.push(`migrations ${step}: ${error.message}`);
        return null;
      }
    }),
  );
  const zero = paths[0]?.schema;
  for (const path of paths.slice(1)) {
    if (path && zero && path.schema !== zero)
      failures.push(`migrations ${path.step}: its schema differs from the one built from zero`);
  }
  if (failures.length === before) {
    log(
      `migrations: ${migrations.length} apply from zero, and forward from each of the last ${starts.length - 1}, to the same schema; the seed loads after them`,
    );
  }
} finally {
  await mf.dispose();
}

if (failures.length) {
  for (const f of failures) console.error(`✘ ${f}`);
  process.exit(1);
}
