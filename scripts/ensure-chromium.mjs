// Debian's Chromium drives the e2e and Lighthouse runs (Playwright's own download is unreachable here).
import { existsSync } from 'node:fs';
import { log, run } from './commands.mjs';

export function ensureChromium() {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  log('installing Debian chromium (apt-get)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const cmd = (args) => (sudo.length ? run('sudo', args) : run(args[0], args.slice(1)));
  cmd(['apt-get', 'update', '-qq']);
  cmd(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (!existsSync(path)) throw new Error(`chromium not found at ${path} after install`);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
