// Debian's Chromium drives the e2e and Lighthouse runs (Playwright's own download is unreachable here).
// - e2e: `chromium-headless-shell`, the headless-only build of the same Chromium (what Playwright itself runs headless
//   tests on): no browser UI process, so a page costs less CPU on the 2-core CI machine;
// - Lighthouse: the full `chromium`, the browser a shopper runs.
import { existsSync } from 'node:fs';
import { log, run } from './commands.mjs';

const BROWSERS = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
};

/** The path of the browser to drive (CHROME_PATH wins), installed with apt when missing. */
export function ensureChromium(pkg = 'chromium') {
  const path = process.env.CHROME_PATH ?? BROWSERS[pkg];
  if (existsSync(path)) return path;
  log(`installing Debian ${pkg} (apt-get)`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const cmd = (args) => (sudo.length ? run('sudo', args) : run(args[0], args.slice(1)));
  cmd(['apt-get', 'update', '-qq']);
  cmd(['apt-get', 'install', '-y', '-qq', pkg]);
  if (!existsSync(path)) throw new Error(`${pkg} not found at ${path} after install`);
  return path;
}

/** The e2e browser: the headless shell, or the full chromium where the shell cannot be installed (then it says so). */
export function ensureE2eBrowser() {
  try {
    return ensureChromium('chromium-headless-shell');
  } catch (error) {
    log(`chromium-headless-shell unavailable (${error.message}): the e2e tier runs on the full chromium`);
    return ensureChromium('chromium');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureChromium('chromium');
  ensureE2eBrowser();
}
