import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

/** A SQLite file with the tables a restore summarises. */
function database(file: string): void {
  const db = new DatabaseSync(file);
  db.exec(
    'CREATE TABLE d1_migrations (id INTEGER); CREATE TABLE products (id INTEGER); CREATE TABLE customers (id INTEGER); CREATE TABLE orders (id INTEGER); CREATE TABLE carts (id INTEGER);',
  );
  db.close();
}

const restore = (backup: string, persist: string) =>
  spawnSync(
    process.execPath,
    ['--no-warnings=ExperimentalWarning', `${root}scripts/db-backup.mjs`, 'restore', backup, '--persist', persist],
    { encoding: 'utf8' },
  );

let holder: ReturnType<typeof spawn> | null = null;
afterEach(() => {
  if (holder?.exitCode === null) holder.kill('SIGTERM');
  holder = null;
});

describe('npm run db:restore refuses while npm start serves that folder (scripts/serve-lock.mjs)', () => {
  it('refuses while an idle server holds the lock (no database file open), restores once it is gone', async () => {
    const persist = mkdtempSync(join(tmpdir(), 'restore-lock-'));
    const dir = join(persist, 'v3/d1/miniflare-D1DatabaseObject');
    mkdirSync(dir, { recursive: true });
    database(join(dir, 'db.sqlite'));
    const backup = join(persist, 'backup.sqlite');
    database(backup);

    // What supervise() does when npm start begins: the lock, then nothing (no request, no open database file).
    const code = `import(${JSON.stringify(`${root}scripts/serve-lock.mjs`)}).then((m) => { m.holdServeLock(${JSON.stringify(persist)}); process.stdout.write('held'); setInterval(() => {}, 1000); })`;
    holder = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => holder!.stdout!.once('data', () => resolve()));

    const refused = restore(backup, persist);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      `npm start (or npm run serve) is running on ${persist} (process ${holder.pid}), even if idle: stop it (Ctrl-C) and try again`,
    );

    const gone = new Promise((resolve) => holder!.once('exit', resolve));
    holder.kill('SIGTERM');
    await gone;
    // A SIGTERM'd holder leaves its lock; a lock whose process is gone does not block.
    const done = restore(backup, persist);
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('restored');
    expect(existsSync(join(dir, 'db.sqlite'))).toBe(true);
  }, 30_000);
});
