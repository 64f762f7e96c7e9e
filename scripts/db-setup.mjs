// Applies the D1 migrations to the local database and seeds it when it is empty (the runtime does the same before it
// serves: scripts/serve.mjs). Also writes the seed as SQL to .wrangler/seed.sql, for
// `wrangler d1 execute DB --remote --file .wrangler/seed.sql` (README, deploying).
// Usage: node scripts/db-setup.mjs [--persist-to DIR] [--reseed]
import { mkdir, writeFile } from 'node:fs/promises';
import { log, root } from './commands.mjs';
import { applyMigrations, loadSeed, openDatabase, readMigrations, seed } from './runtime.mjs';

export async function dbSetup({ persistTo = '.wrangler/state', reseed = false } = {}) {
  const { db, dispose } = await openDatabase({ persist: persistTo });
  try {
    const applied = await applyMigrations(db, await readMigrations());
    log(`D1 (${persistTo}): ${applied.length ? `applied ${applied.join(', ')}` : 'migrations up to date'}`);
    const seeded = await seed(db, { reseed });
    log(
      seeded
        ? `seeded (${seeded} statements, ${process.env.SEED_PRODUCTS ?? 320} products)`
        : 'database already seeded',
    );
  } finally {
    await dispose();
  }
  const { seedSql } = await loadSeed();
  await mkdir(`${root}.wrangler`, { recursive: true });
  await writeFile(
    `${root}.wrangler/seed.sql`,
    seedSql(new Date(), { products: Number(process.env.SEED_PRODUCTS ?? 320) }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--persist-to');
  await dbSetup({ persistTo: at >= 0 ? args[at + 1] : undefined, reseed: args.includes('--reseed') });
}
