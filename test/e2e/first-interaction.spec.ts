import type { APIRequestContext, Page } from '@playwright/test';
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

/**
 * Like holdAllButEntry, but what the page loads by itself (the entry and its page scripts) arrives first: only what
 * loads from the first interaction on (the app, React, the islands) waits for the test.
 */
async function holdTheApp(page: Page, path: string): Promise<() => void> {
  let holding = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?|$)/, async (route) => {
    if (holding) await held;
    await route.continue();
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  holding = true;
  return release;
}

/** Samples, every frame until the island's cart popover is on the page, how many cart popovers the page has. */
async function countPopoversPerFrame(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { popoversPerFrame: number[] };
    w.popoversPerFrame = [];
    const tick = () => {
      w.popoversPerFrame.push(document.querySelectorAll('.cart-popover').length);
      if (!document.querySelector('[data-island="CartOverlay"] .cart-popover')) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => (window as unknown as { popoversPerFrame: number[] }).popoversPerFrame);
}

/** A product page whose app is held (holdTheApp), with its first size in stock, its add button and the cart popovers. */
async function productWithAppHeld(page: Page, request: APIRequestContext) {
  const { slug } = await claimProduct(request);
  const release = await holdTheApp(page, `/${slug}/p`);
  return {
    release,
    size: page.locator('.pdp-size:not(:disabled)').first(),
    add: page.locator('button.pdp-buy__add'),
    /** Every cart popover on the page: the stand-in, then the island's. */
    popover: page.getByTestId('cart-popover'),
    island: page.locator('[data-island="CartOverlay"]').getByTestId('cart-popover'),
  };
}

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

  test('the checkout shows its first step before its code loads, loads it on the first tap only, and keeps what was typed meanwhile', async ({
    page,
    baseURL,
  }) => {
    await fillCart(page.request, baseURL!);
    const release = await holdAllButEntry(page, '/checkout');
    // The server's first step, as the island renders it: nothing swaps under the shopper's first tap.
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await expect(page.locator('#co-basic-nome')).toHaveCount(0);
    await page.waitForTimeout(500);
    await expect(mark(page)).toHaveCount(0);
    // Typed and submitted while the code loads: the click waits for it, then goes on with what was typed.
    await page.locator('#co-guest-name').fill('Ana Souza');
    await page.locator('#co-guest-email').fill('ana.souza@example.com');
    await page.locator('#co-guest-cpf').fill('52998224725');
    await page.getByRole('button', { name: 'Continuar como convidado' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    release();
    await expect(mark(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeFocused();
    // Back to the first step: the state, not only the screen, kept what was typed before hydration.
    await page.goBack();
    await expect(page.locator('#co-guest-name')).toHaveValue('Ana Souza');
    await expect(page.locator('#co-guest-email')).toHaveValue('ana.souza@example.com');
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
    const badge = page.getByRole('banner').locator('.site-header__badge');
    await expect(badge).toHaveText('0');
    await page.locator('button.pdp-buy__add').click();
    // Answered at once too: the badge shows the count the add makes (a stand-in until the island's own count).
    await expect(badge).toHaveAttribute('data-pending', '1');
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(page.getByTestId('cart-popover')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Sacola, 1 ite/ })).toBeVisible();
    await expect(badge).toHaveText('1');
    await expect(badge).not.toHaveAttribute('data-pending');
  });

  test('"Adicionar à sacola" tapped while the code loads shows the cart popover at once; the island\'s takes its place, one at a time', async ({
    page,
    request,
  }) => {
    const { release, size, add, popover, island } = await productWithAppHeld(page, request);
    await size.click();
    const sizeName = await size.getAttribute('data-size');
    await add.click();
    // At once, in plain DOM: the popover the island shows after an add, with what the page shows.
    await expect(popover).toBeVisible();
    await expect(popover.locator('.cart-popover__title')).toHaveText('PRODUTO ADICIONADO À SACOLA');
    await expect(popover).toContainText(`Tamanho: ${sizeName}`);
    await expect(popover.locator('.cart-popover__name')).toHaveText(
      (await page.locator('.pdp-title').innerText()).trim(),
    );
    await expect(popover.getByRole('button', { name: 'VER SACOLA' })).toBeVisible();
    await expect(mark(page)).toHaveCount(0);
    const shown = { text: await popover.innerText(), photo: await popover.locator('img').getAttribute('src') };
    const perFrame = await countPopoversPerFrame(page);
    release();
    // The island's own popover took over: the same content, and no frame without a popover or with two.
    await expect(island).toBeVisible();
    await expect(popover).toHaveCount(1);
    await expect(page.locator('[data-added-stand-in]')).toHaveCount(0);
    expect({ text: await island.innerText(), photo: await island.locator('img').getAttribute('src') }).toEqual(shown);
    expect(await perFrame()).toEqual(expect.not.arrayContaining([0, 2]));
    // Added once, not twice, and "VER SACOLA" opens the cart.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Sacola, 1 item/ })).toBeVisible();
    await island.getByRole('button', { name: 'VER SACOLA' }).click();
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
    await expect(popover).toHaveCount(0);
  });

  test("the cart popover shown while the code loads is reached by keyboard as the island's is, and hands its focus over", async ({
    page,
    request,
  }) => {
    const { release, size, add, popover, island } = await productWithAppHeld(page, request);
    await size.focus();
    await page.keyboard.press('Enter');
    await expect(size).toHaveAttribute('aria-pressed', 'true');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(popover).toBeVisible();
    // Focus stays on the button that added; Tab reaches "VER SACOLA" (the popover sits at the end of the page).
    await expect(add).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popover.getByRole('button', { name: 'VER SACOLA' })).toBeFocused();
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(island).toBeVisible();
    // The island's "VER SACOLA" has the focus now, and its Shift+Tab goes back to the button that added.
    await expect(island.getByRole('button', { name: 'VER SACOLA' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(add).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(island.getByRole('button', { name: 'VER SACOLA' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Sacola, 1 item/ })).toBeVisible();
  });

  test("a listing card's quick add opens its size chooser at once while the code loads, then the chooser's sizes", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const release = await holdAllButEntry(page, '/moda-praia');
    await page.locator('[data-quick-add]').first().click();
    const chooser = page.getByRole('dialog');
    await expect(chooser).toHaveCount(1);
    await expect(chooser.getByText('Carregando tamanhos…')).toBeVisible();
    await expect(page).toHaveURL(/\/moda-praia$/);
    await expect(mark(page)).toHaveCount(0);
    release();
    await expect(mark(page)).toHaveCount(1);
    // The island's chooser took over: one dialog, with the product's sizes.
    await expect(page.locator('.quick-add__size').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.locator('.quick-add')).toHaveCount(1);
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
