// E2E: build, fresh migrated + seeded D1 in .wrangler/e2e, then Playwright (it starts `wrangler dev`).
import { rm } from 'node:fs/promises';
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
const result = run('playwright', ['test', ...process.argv.slice(2)], { allowFail: true });
process.exit(result.status ?? 1);
