import { defineConfig } from '@playwright/test';
import chromiumFlags from './scripts/chromium-flags.json' with { type: 'json' };

const port = Number(process.env.E2E_PORT ?? 8788);
const persist = process.env.E2E_PERSIST ?? '.wrangler/e2e';

// The flags this machine's Debian Chromium must start with (shared with scripts/lighthouse.mjs).
export const CHROMIUM_ARGS: string[] = chromiumFlags;

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // E2E_WORKERS: how many browsers at once (see the comment in scripts/test.mjs).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries: the server no longer restarts under a test (scripts/serve.mjs serves the built worker without
  // wrangler dev's proxy and watcher), so a test that fails once is a failure to look at, not to hide.
  // E2E_RETRIES=1 brings one back for local investigation.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // Bounds, not waits: every wait is on a condition. They leave room for a machine at load ≥ 6 (issue #12).
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  // backoffice-content.spec.ts publishes the store's strip, menu and promotion banner, which every page's header shows
  // and other specs assert on: it runs after all of them, alone ('content' depends on 'store'; when a 'store' test
  // fails, Playwright skips it, and the run has failed already). Running that spec alone: add `--no-deps`.
  projects: [
    { name: 'store', testIgnore: /backoffice-content\.spec\.ts/ },
    { name: 'content', testMatch: /backoffice-content\.spec\.ts/, dependencies: ['store'] },
  ],
  webServer: [
    storeServer(port, persist),
    // Issue 14: a second store in proxy mode (COMMERCE_API_URL) in front of the embedded one above, on the
    // next port with its own D1 copy (scripts/e2e.mjs); test/e2e/proxy-store.spec.ts walks it.
    storeServer(port + 1, `${persist}-proxy`, `--var COMMERCE_API_URL:http://127.0.0.1:${port}/api`),
  ],
});

/**
 * One store under test: the built worker (`wrangler deploy --dry-run`, built by scripts/e2e.mjs) on workerd through
 * Miniflare, supervised (scripts/serve.mjs); it migrates and seeds the fresh database in `persistTo`, then says it is
 * ready. The pages' data deadline (ADR 0020: 1 s, then a branded 503) is raised: on a test machine at load 6+ a
 * slow answer is the machine's CPU, not a backend outage; the 503 itself is covered by the worker tests.
 */
function storeServer(at: number, persistTo: string, extra = '') {
  return {
    command:
      `node scripts/serve.mjs --port ${at} --persist ${persistTo} --var STREAM_IDENTITY:1 --var PAGE_DATA_DEADLINE_MS:8000 --images-on-demand ${extra}`.trim(),
    // Ready once serve.mjs says so: after migrations and the seed. The runtime answers (a robots.txt, a 503 for want of
    // a menu) while the seed is still being written; a test started then met an empty store.
    wait: { stdout: /runtime ready on / },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
