import { expect, hydrated, test } from './fixtures';

test.describe('storefront shell', () => {
  test('home renders the seeded menu and hydrates', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vitrine, página inicial' })).toBeVisible();
  });
});
