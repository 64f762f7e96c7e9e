import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

function rakutenCalls(page: Page): string[] {
  const calls: string[] = [];
  page.context().on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/rakuten') calls.push(`${r.method()} ${new URL(r.url()).search}`);
  });
  return calls;
}

test.describe('Rakuten attribution', () => {
  test('a Rakuten landing reports the site once per visit and keeps the attribution for the cart', async ({
    page,
    context,
    settle,
  }) => {
    const calls = rakutenCalls(page);
    await page.goto('/?utm_source=rakuten&ranSiteID=abc.123');
    await hydrated(page);
    await expect.poll(() => calls).toEqual(['POST ?siteID=abc.123']);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'ran_site_id')?.value)
      .toBe('abc.123');
    expect((await context.cookies()).find((c) => c.name === 'ran_site_id')?.httpOnly).toBe(true);

    // Same visit: another landing URL with the same parameters, and a client-side navigation, send nothing more.
    await page.goto('/entregas?utm_source=rakuten&ranSiteID=abc.123');
    await hydrated(page);
    await page.locator('footer a[href="/pagamento"]').click();
    await expect(page).toHaveURL(/\/pagamento$/);
    await settle();
    expect(calls).toEqual(['POST ?siteID=abc.123']);
  });

  test('a new visit (new browser session) reports again', async ({ page }) => {
    const calls = rakutenCalls(page);
    await page.goto('/?utm_source=rakuten&ranSiteID=abc.123');
    await hydrated(page);
    await expect.poll(() => calls).toEqual(['POST ?siteID=abc.123']);
  });

  for (const path of ['/', '/?utm_source=rakuten', '/?ranSiteID=abc.123', '/?utm_source=google&ranSiteID=abc.123']) {
    test(`no request without both parameters: ${path}`, async ({ page, settle }) => {
      const calls = rakutenCalls(page);
      await page.goto(path);
      await hydrated(page);
      await page.waitForTimeout(500);
      await settle();
      expect(calls).toEqual([]);
    });
  }
});
