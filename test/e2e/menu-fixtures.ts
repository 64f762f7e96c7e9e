import type { Request } from '@playwright/test';
import { test as base } from './fixtures';

export { expect, hydrated } from './fixtures';

const SETTLE_MS = 15_000;

/**
 * Menu specs run against `wrangler dev`, which exits when a client aborts an in-flight response on a
 * slow machine (cloudflare/workers-sdk#15317, #15451). So these specs never abort one:
 * - viewport prefetching is switched off through the navigator's own Save-Data rule (the menu tests
 *   exercise clicks, not prefetch; a prefetch burst is what a closing page would abort);
 * - `settle()` waits for every request of the context (popups included) before a page goes away,
 *   and runs once more automatically when the test ends.
 */
export const test = base.extend<{ settle: () => Promise<void> }>({
  settle: [
    async ({ page }, use) => {
      const inflight = new Set<Request>();
      const context = page.context();
      context.on('request', (r) => inflight.add(r));
      context.on('requestfinished', (r) => inflight.delete(r));
      context.on('requestfailed', (r) => inflight.delete(r));
      await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      const settle = async () => {
        for (const end = Date.now() + SETTLE_MS; inflight.size > 0 && Date.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await use(settle);
      await settle();
    },
    { auto: true },
  ],
});
