// The lock a serving runtime holds on its persist folder (`<persist>/serve.lock`: the supervisor's pid), so that
// `npm run db:restore` refuses while any `npm start`/`npm run serve` of this checkout runs on that folder — idle or
// not (an idle runtime has no file of the database open, yet writes to it on its next request).
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { root } from './commands.mjs';

const abs = (p) => (p.startsWith('/') ? p : `${root}${p}`);
export const lockFileOf = (persist) => `${abs(persist)}/serve.lock`;

/** The persist folder named by `--persist DIR` or `--persist=DIR` in a runtime's arguments. */
export function persistOf(args, fallback = '.wrangler/state') {
  const at = args.indexOf('--persist');
  if (at >= 0 && args[at + 1]) return args[at + 1];
  return args.find((a) => a.startsWith('--persist='))?.slice('--persist='.length) ?? fallback;
}

/** Takes the lock for this process; it goes when the process exits (a crash leaves a lock whose pid is gone). */
export function holdServeLock(persist) {
  const file = lockFileOf(persist);
  mkdirSync(abs(persist), { recursive: true });
  writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
  process.on('exit', () => {
    try {
      if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) unlinkSync(file);
    } catch {
      /* already gone */
    }
  });
}

/** The pid of a live process holding the lock on `persist`, or null (no lock, or its process is gone). */
export function serveLockHolder(persist) {
  let pid;
  try {
    pid = JSON.parse(readFileSync(lockFileOf(persist), 'utf8')).pid;
  } catch {
    return null;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, only not ours to signal.
    return error.code === 'EPERM' ? pid : null;
  }
}
