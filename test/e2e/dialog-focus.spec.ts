import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

test.use({ viewport: { width: 1366, height: 800 } });

/** Presses Tab (or Shift+Tab) `times` times and says whether focus stayed inside `dialog` every time. */
async function tabsStayIn(page: Page, dialog: Locator, times: number, key = 'Tab'): Promise<boolean[]> {
  const inside: boolean[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    inside.push(
      await dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body),
    );
  }
  return inside;
}

test('the quick-add size chooser keeps Tab inside, both ways, and reaches its close button', async ({ page }) => {
  await page.goto('/fitness/leggings');
  await hydrated(page);
  await page.locator('[data-quick-add]').first().focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.quick-add__panel');
  await expect(dialog.locator('.quick-add__size:focus')).toHaveCount(1);
  const count = await dialog.locator('a[href], button:not([disabled])').count();
  expect(await tabsStayIn(page, dialog, count + 2)).not.toContain(false);
  expect(await tabsStayIn(page, dialog, count + 2, 'Shift+Tab')).not.toContain(false);
  // Somewhere in the cycle: the close button.
  let closeSeen = false;
  for (let i = 0; i < count && !closeSeen; i++) {
    await page.keyboard.press('Tab');
    closeSeen = await dialog.getByRole('button', { name: 'Fechar' }).evaluate((el) => el === document.activeElement);
  }
  expect(closeSeen).toBe(true);
});

test('the login dialog keeps Tab inside, both ways', async ({ page }) => {
  await page.goto('/moda-praia');
  const product = await page.locator('.product-card a[href$="/p"]').first().getAttribute('href');
  await page.goto(product!);
  await hydrated(page);
  await page.getByTestId('favorite-toggle').click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await expect(dialog.getByLabel('E-mail ou CPF')).toBeVisible();
  const count = await dialog.locator('a[href], button:not([disabled]), input:not([type="hidden"])').count();
  expect(await tabsStayIn(page, dialog, count + 2)).not.toContain(false);
  expect(await tabsStayIn(page, dialog, count + 2, 'Shift+Tab')).not.toContain(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
