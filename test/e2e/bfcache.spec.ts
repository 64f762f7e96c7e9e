import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * The test browser runs with the back/forward cache switched off (Playwright's command line), so Chromium
 * cannot restore a page here; it still reports, over CDP, everything else that would keep a page out of
 * the cache. Those reasons are what a page controls: `no-store`, unload handlers, open connections…
 */
const SWITCHED_OFF = new Set(['BackForwardCacheDisabled', 'BackForwardCacheDisabledByCommandLine', 'BrowsingInstanceNotSwapped']);

async function reasonsGoingBackTo(page: Page, path: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  const reasons: string[] = [];
  let reported = false;
  cdp.on('Page.backForwardCacheNotUsed', (event) => {
    reported = true;
    reasons.push(...event.notRestoredExplanations.map((e) => e.reason).filter((r) => !SWITCHED_OFF.has(r)));
  });
  await page.goto(path);
  await hydrated(page);
  await page.goto('/perguntas-frequentes');
  await hydrated(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect.poll(() => reported).toBe(true);
  return reasons;
}

test('an anonymous visitor’s public pages can come back from the back/forward cache', async ({ page }) => {
  expect(await reasonsGoingBackTo(page, '/entregas')).toEqual([]);
  expect(await reasonsGoingBackTo(page, '/moda-praia')).toEqual([]);
});

test('the bag (a private page) is never kept: no-store', async ({ page }) => {
  expect(await reasonsGoingBackTo(page, '/sacola')).toContain('MainResourceHasCacheControlNoStore');
});
