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
  workers: 2,
  // One retry for a test caught while scripts/e2e-server.mjs restarts a crashed wrangler dev (with or
  // without a CI variable: `npm test` must behave the same on a fresh clone); `npm test` reports how many
  // tests needed it, and a test failing twice still fails the run. E2E_RETRIES=0 disables it.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: [
    storeServer(port, persist),
    // Issue 14: a second store in proxy mode (COMMERCE_API_URL) in front of the embedded one above, on the
    // next port with its own D1 copy (scripts/e2e.mjs); test/e2e/proxy-store.spec.ts walks it.
    storeServer(port + 1, `${persist}-proxy`, `--var COMMERCE_API_URL:http://127.0.0.1:${port}/api`),
  ],
});

/** One store under test: how it is started is all here (scripts/e2e-server.mjs restarts a crashed wrangler dev). */
function storeServer(at: number, persistTo: string, extra = '') {
  return {
    command: `node scripts/e2e-server.mjs --define process.env.NODE_ENV:'"production"' --ip 127.0.0.1 --port ${at} --persist-to ${persistTo} --var STREAM_IDENTITY:1 --show-interactive-dev-session=false ${extra}`.trim(),
    url: `http://127.0.0.1:${at}/robots.txt`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
