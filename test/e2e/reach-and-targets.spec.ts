import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { claimProduct, fillCart, identifyAsGuest, openCheckout } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

// What a keyboard or a thumb could not reach on a walk of every page at 375 px: "VER SACOLA" before the popover hid,
// and links and buttons under the 24 px of WCAG 2.2's minimum target size (2.5.8).

/** A product page with a size in stock already chosen (`?tamanho=`), so the add button adds at once. */
async function productWithSize(page: Page): Promise<string> {
  const { slug, product, sku } = await claimProduct(page.request);
  const { color, size } = product.skus.find((s) => s.productItemId === sku.productItemId) as unknown as {
    color: string;
    size: string;
  };
  return `/${slug}/p?cor=${color}&tamanho=${encodeURIComponent(size)}`;
}

test('"VER SACOLA" is one Tab from the add button; the popover waits while keyboard focus is on either', async ({
  page,
}) => {
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
  // And it opens the bag from the keyboard, once the first add is done (a press while it is busy is ignored: on a
  // loaded machine its answer and the progressive call can outlast the popover).
  await expect(add).toHaveAttribute('aria-busy', 'false');
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
  await expect(popover).toHaveCount(0);
});

test.describe('tap targets at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  /** Height × width of each visible match under 24 px tall, with its text (empty when every one is at least 24 px). */
  const small = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height < 24
          ? [`"${el.textContent?.trim()}" ${r.width.toFixed(0)}×${r.height.toFixed(1)}`]
          : [];
      }),
    );
  const axeTargetSize = async (page: Page) =>
    (await new AxeBuilder({ page }).include('main').withRules(['target-size']).analyze()).violations.flatMap((v) =>
      v.nodes.map((n) => n.target.join(' ')),
    );

  test('breadcrumbs, card titles, login and registration links', async ({ page }) => {
    await page.goto('/moda-praia/biquinis');
    await expect(page.locator('.product-card__link').first()).toBeVisible();
    expect(await small(page, '.breadcrumb a, .product-card__link')).toEqual([]);
    expect(await axeTargetSize(page)).toEqual([]);
    // A card's name still shows two lines at most.
    const lines = await page
      .locator('.product-card__name')
      .evaluateAll((els) =>
        Math.max(...els.map((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))),
      );
    expect(lines).toBeLessThanOrEqual(2.05);

    await page.goto(await productWithSize(page));
    expect(await small(page, '.pdp-breadcrumb a')).toEqual([]);

    await page.goto('/login');
    expect(await small(page, '.auth-form__links a')).toEqual([]);
    expect(await axeTargetSize(page)).toEqual([]);
    await page.goto('/cadastro');
    expect(await small(page, '.auth-form__links a')).toEqual([]);
  });

  test("the checkout's steps to go back to", async ({ page, baseURL }) => {
    await fillCart(page.request, baseURL!);
    await openCheckout(page);
    await identifyAsGuest(page);
    const back = page.locator('.co-progress__link');
    await expect(back).toHaveCount(1);
    expect(await small(page, '.co-progress__link')).toEqual([]);
  });
});
