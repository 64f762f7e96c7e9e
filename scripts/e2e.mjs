// E2E: build, fresh migrated + seeded D1 in .wrangler/e2e (and a copy for the proxy-mode store), then
// Playwright (it starts both stores with `wrangler dev`).
import { cp, rm } from 'node:fs/promises';
import { dbSetup } from './db-setup.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { log, root, run } from './lib.mjs';

const persist = process.env.E2E_PERSIST ?? '.wrangler/e2e';
ensureChromium();
if (!process.env.SKIP_BUILD) {
  log('building client bundle');
  run('node', ['scripts/build-client.mjs']);
}
await rm(`${root}${persist}`, { recursive: true, force: true });
await dbSetup({ persistTo: persist });
// The proxy-mode store (playwright.config.ts) keeps its own sessions in a copy of the same migrated D1.
await rm(`${root}${persist}-proxy`, { recursive: true, force: true });
await cp(`${root}${persist}`, `${root}${persist}-proxy`, { recursive: true });
const result = run('playwright', ['test', ...process.argv.slice(2)], { allowFail: true });
process.exit(result.status ?? 1);
