// Applies the D1 migrations to the local database and seeds it when it is empty.
// Usage: node scripts/db-setup.mjs [--persist-to DIR] [--reseed]
import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { log, root, run } from './lib.mjs';

export async function dbSetup({ persistTo, reseed = false } = {}) {
  const where = persistTo ? ['--persist-to', persistTo] : [];
  log(`applying D1 migrations (local${persistTo ? `, ${persistTo}` : ''})`);
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', ...where], { capture: true });
  const count = run('wrangler', ['d1', 'execute', 'DB', '--local', ...where, '--json', '--command', 'SELECT count(*) AS n FROM menus'], {
    capture: true,
  });
  const n = JSON.parse(count.stdout)[0]?.results?.[0]?.n ?? 0;
  if (n > 0 && !reseed) {
    log('database already seeded');
    return;
  }
  const bundle = await build({
    entryPoints: [`${root}src/db/seed/index.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const seed = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
  const dir = persistTo ? `${persistTo.startsWith('/') ? '' : root}${persistTo}` : `${root}.wrangler`;
  const file = `${dir}/seed.sql`;
  await mkdir(dir, { recursive: true });
  const products = Number(process.env.SEED_PRODUCTS ?? 320);
  await writeFile(file, seed.seedSql(new Date(), { products }));
  log(`seeding menu, parameters and a catalog of ${products} products`);
  run('wrangler', ['d1', 'execute', 'DB', '--local', ...where, '--file', file], { capture: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--persist-to');
  await dbSetup({ persistTo: at >= 0 ? args[at + 1] : undefined, reseed: args.includes('--reseed') });
}
