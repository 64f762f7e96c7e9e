import { expect, hydrated, test } from './fixtures';

test.describe('client navigator', () => {
  test.use({ prefetch: true });

  test('prefetches links near the viewport after load, then navigates client-side keeping the shell', async ({ page, settle }) => {
    const prefetched: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch' && (r.headers()['accept'] ?? '').includes('text/html')) prefetched.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => prefetched.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(prefetched).not.toContain('/');
    await settle();

    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const card = page.locator('main a.department-card').first();
    const href = (await card.getAttribute('href'))!;
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
