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
  workers: process.env.CI ? 2 : 2,
  // One retry on CI only for a test caught while scripts/e2e-server.mjs restarts a crashed wrangler dev;
  // the test runner reports how many tests needed it.
  retries: process.env.CI ? 1 : 0,
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
  webServer: {
    command: `node scripts/e2e-server.mjs --define process.env.NODE_ENV:'"production"' --ip 127.0.0.1 --port ${port} --persist-to ${persist} --var STREAM_IDENTITY:1 --show-interactive-dev-session=false`,
    url: `http://127.0.0.1:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
