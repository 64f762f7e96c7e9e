import { test as base, expect, type ConsoleMessage } from '@playwright/test';

/** Every page must load without console errors; each test fails if one appears. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits for client hydration (main.tsx marks the document). */
export async function hydrated(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}
