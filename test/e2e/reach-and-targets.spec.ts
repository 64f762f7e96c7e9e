import type { Page } from '@playwright/test';
import { claimProduct } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

// What a keyboard could not reach on a walk of every page: "VER SACOLA" before the popover hid.

/** A product page with a size in stock already chosen (`?tamanho=`), so the add button adds at once. */
async function productWithSize(page: Page): Promise<string> {
  const { slug, product, sku } = await claimProduct(page.request);
  const { color, size } = product.skus.find((s) => s.productItemId === sku.productItemId) as unknown as { color: string; size: string };
  return `/${slug}/p?cor=${color}&tamanho=${encodeURIComponent(size)}`;
}

test('"VER SACOLA" is one Tab from the add button; the popover waits while keyboard focus is on either', async ({ page }) => {
  const path = await productWithSize(page);
  await page.clock.install();
  await page.goto(path);
  await hydrated(page);
  const add = page.getByTestId('add-to-cart');
  const popover = page.getByTestId('cart-popover');
  const openCart = popover.getByRole('button', { name: 'VER SACOLA' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await expect(add).toBeFocused();
  // Past the 4 s: keyboard focus is still on what added, so the popover stays.
  await page.clock.runFor(6_000);
  await expect(popover).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(openCart).toBeFocused();
  await page.clock.runFor(6_000);
  await expect(popover).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(add).toBeFocused();
  // Focus moving on from both starts the spec's 4 s.
  await page.keyboard.press('Tab');
  await expect(openCart).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(add).not.toBeFocused();
  await expect(openCart).not.toBeFocused();
  await page.clock.runFor(3_000);
  await expect(popover).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(popover).toHaveCount(0);
  // And it opens the bag from the keyboard.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
  await expect(popover).toHaveCount(0);
});
