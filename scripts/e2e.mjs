// E2E: build the client and the worker, then Playwright against fresh D1s in .wrangler/e2e and, for the proxy-mode
// store, .wrangler/e2e-proxy (Playwright starts both with scripts/serve.mjs, which migrates and seeds before answering).
import { rm } from 'node:fs/promises';
import { ensureE2eBrowser } from './ensure-chromium.mjs';
import { log, root, run } from './commands.mjs';
import { buildWorker } from './runtime.mjs';

const persist = process.env.E2E_PERSIST ?? '.wrangler/e2e';
// playwright.config.ts launches CHROME_PATH: the headless shell unless the caller names another browser.
const browser = ensureE2eBrowser();
if (!process.env.SKIP_BUILD) {
  log('building client bundle');
  run('node', ['scripts/build-client.mjs', '--no-images']);
  log('building worker bundle');
  await buildWorker();
}
await rm(`${root}${persist}`, { recursive: true, force: true });
await rm(`${root}${persist}-proxy`, { recursive: true, force: true });
const result = run('playwright', ['test', ...process.argv.slice(2)], {
  allowFail: true,
  env: { CHROME_PATH: browser },
});
process.exit(result.status ?? 1);
