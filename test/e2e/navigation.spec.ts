import { expect, hydrated, test } from './fixtures';

test.describe('client navigator', () => {
  test.use({ prefetch: true });

  test('prefetches nothing after load, prefetches a link on intent, then navigates client-side keeping the shell', async ({
    page,
    settle,
  }) => {
    const prefetched: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch' && (r.headers()['accept'] ?? '').includes('text/html'))
        prefetched.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('load');
    // Issue 16: no page is fetched without an interaction (it used to be every link near the viewport).
    await page.waitForTimeout(1500);
    expect(prefetched).toEqual([]);
    const card = page.locator('main a.department-card').first();
    const href = (await card.getAttribute('href'))!;
    await card.hover();
    await expect.poll(() => prefetched, { timeout: 10_000 }).toEqual([new URL(href, 'http://x').pathname]);
    await settle();

    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await expect(page.locator('body')).not.toHaveClass(/\bhome\b/);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('body')).toHaveClass(/\bhome\b/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await settle();
  });
});
