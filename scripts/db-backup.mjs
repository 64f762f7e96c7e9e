// Local D1 backups (production uses D1 Time Travel and `wrangler d1 export --remote`: README, "Data safety").
//   npm run db:backup  [-- --persist .wrangler/state] [--out backups]   → backups/d1-<time>.sqlite (consistent while serving)
//   npm run db:restore -- <file> [--persist .wrangler/state]             → replaces the local database (refused while
//                                                                          npm start/serve holds <persist>/serve.lock)
// The local D1 is a SQLite file under <persist>/v3/d1; a backup is a `VACUUM INTO` copy of it, checked with
// `PRAGMA integrity_check` before a restore replaces anything.
import { copyFile, mkdir, readdir, readlink, rm, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { log, root } from './commands.mjs';
import { serveLockHolder } from './serve-lock.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { persist: { type: 'string', default: '.wrangler/state' }, out: { type: 'string', default: 'backups' } },
});
const abs = (p) => (p.startsWith('/') ? p : `${root}${p}`);

/** The database file of the `DB` binding (the one D1 database Miniflare keeps under this persist folder). */
async function databaseFile(persist) {
  const dir = `${abs(persist)}/v3/d1/miniflare-D1DatabaseObject`;
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (files.length !== 1)
    throw new Error(
      `expected one D1 database in ${dir}, found ${files.length} (run npm start or npm run db:setup first)`,
    );
  return `${dir}/${files[0]}`;
}

function summary(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const integrity = db.prepare('PRAGMA integrity_check').get().integrity_check;
    const migrations = db.prepare('SELECT count(*) AS n FROM d1_migrations').get().n;
    const counts = ['products', 'customers', 'orders', 'carts'].map(
      (t) => `${t} ${db.prepare(`SELECT count(*) AS n FROM ${t}`).get().n}`,
    );
    return { integrity, migrations, counts: counts.join(', ') };
  } finally {
    db.close();
  }
}

/** Processes that have the file open (a running runtime): restoring under them would corrupt what they write. */
async function holders(file) {
  const found = [];
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')).startsWith(file)) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

const [command, target] = positionals;
if (command === 'backup') {
  const source = await databaseFile(values.persist);
  await mkdir(abs(values.out), { recursive: true });
  const file = `${abs(values.out)}/d1-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`;
  const db = new DatabaseSync(source);
  try {
    db.exec(`VACUUM INTO '${file.replace(/'/g, "''")}'`);
  } finally {
    db.close();
  }
  const s = summary(file);
  log(
    `backup: ${file} (${((await stat(file)).size / 1048576).toFixed(1)} MB; ${s.migrations} migrations; ${s.counts}; integrity ${s.integrity})`,
  );
} else if (command === 'restore' && target) {
  const backup = abs(target);
  const s = summary(backup);
  if (s.integrity !== 'ok') throw new Error(`${backup} fails PRAGMA integrity_check: ${s.integrity}`);
  const dest = await databaseFile(values.persist).catch(async () => {
    // No database yet: the file name is the one Miniflare gives the DB binding (see npm run db:setup).
    throw new Error('no local database to replace: run npm run db:setup once, then restore');
  });
  const server = serveLockHolder(values.persist);
  if (server) {
    throw new Error(
      `npm start (or npm run serve) is running on ${values.persist} (process ${server}), even if idle: stop it (Ctrl-C) and try again`,
    );
  }
  const busy = await holders(dest);
  if (busy.length)
    throw new Error(`the database is open in process ${busy.join(', ')}: stop npm start (Ctrl-C) and try again`);
  await Promise.all(['-wal', '-shm'].map((suffix) => rm(`${dest}${suffix}`, { force: true })));
  await copyFile(backup, dest);
  log(`restored ${backup} → ${dest} (${s.migrations} migrations; ${s.counts}); npm start applies any newer migrations`);
} else {
  console.error(
    'usage: node scripts/db-backup.mjs backup [--persist DIR] [--out DIR] | restore <file> [--persist DIR]',
  );
  process.exit(2);
}
