import type { Page } from '@playwright/test';
import { claimProduct, fillCart } from './checkout-helpers';
import { expect, test } from './fixtures';

/**
 * Issue 16: the islands' code (client/app.tsx and the island chunks) loads on the shopper's first interaction.
 * These hold every script but the entry until the test releases them, so what the shopper does in that window —
 * the first interaction included — meets the server's HTML, with the entry already listening.
 */
async function holdAllButEntry(page: Page, path: string): Promise<() => void> {
  // The entry is the page's one module script (the prefetched React chunk is held with the app).
  const html = await (await page.request.get(path)).text();
  const entry = new URL(html.match(/<script[^>]*type="module"[^>]*src="([^"]+)"/)![1]!, 'http://entry.invalid');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?|$)/, async (route) => {
    if (new URL(route.request().url()).pathname !== entry.pathname) await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  // The entry ran: it pushed the consent default before anything else.
  await expect
    .poll(() => page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer ?? []).length))
    .toBeGreaterThan(0);
  return release;
}

const mark = (page: Page) => page.locator('html[data-hydrated]');

test.describe('the first interaction', () => {
  test('nothing hydrates before it; a click on an island while its code loads is answered once it has', async ({
    page,
  }) => {
    const release = await holdAllButEntry(page, '/');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Sacola, \d+ ite/ })
      .click();
    // Held: no full load of /sacola, and nothing hydrated yet.
    await expect(page).toHaveURL(/\/$/);
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a name typed into the no-JS checkout while the checkout loads is kept (that form stays)', async ({
    page,
    baseURL,
  }) => {
    await fillCart(page.request, baseURL!);
    const release = await holdAllButEntry(page, '/checkout');
    const name = page.locator('#co-basic-nome');
    await name.fill('Ana Souza');
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(name).toHaveValue('Ana Souza');
    await expect(page.locator('#co-basic-email')).toBeVisible();
  });

  test('a checkout opened without typing first turns into the steps once its code loads (at once, no tap needed)', async ({
    page,
    baseURL,
  }) => {
    await fillCart(page.request, baseURL!);
    const release = await holdAllButEntry(page, '/checkout');
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await expect(page.locator('#co-basic-nome')).toHaveCount(0);
  });

  test('what is typed into the registration form while it loads is kept', async ({ page }) => {
    const release = await holdAllButEntry(page, '/cadastro');
    const name = page.getByLabel('Nome completo', { exact: true });
    await name.fill('Carla Teste Silva');
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(name).toHaveValue('Carla Teste Silva');
  });

  test('a size and then "Adicionar à sacola" tapped while the code loads are both answered, in order', async ({
    page,
    request,
  }) => {
    const { slug } = await claimProduct(request);
    const release = await holdAllButEntry(page, `/${slug}/p`);
    const size = page.locator('.pdp-size:not(:disabled)').first();
    await size.click();
    // Answered at once, in plain DOM: the size shows as chosen and the add button takes the next tap.
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await page.locator('button.pdp-buy__add').click();
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(page.getByTestId('cart-popover')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Sacola, 1 ite/ })).toBeVisible();
  });

  test('the phone menu opens on its first tap while the code loads, and stays open once it has', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const release = await holdAllButEntry(page, '/moda-praia');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.locator('#menu-drawer')).toBeVisible();
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(page.locator('#menu-drawer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
