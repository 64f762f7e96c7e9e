import type { Page } from '@playwright/test';
import { APP_UA, installFakeApp } from './app-bridge';
import { events, registerCustomer } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

const LISTING = '/moda-praia/biquinis';

interface Card {
  slug: string;
  name: string;
}

async function cards(page: Page): Promise<Card[]> {
  const res = await page.request.get(`/api/catalog/listing?slug=${LISTING.slice(1)}`);
  return ((await res.json()) as { products: Card[] }).products;
}

/** The heart of the card of `name` (its accessible name says which product, pressed or not). */
const heart = (page: Page, name: string) =>
  page
    .locator('.product-card')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .locator('button[data-card-favorite]');

test('a card heart without a session opens the login modal and stays on the listing', async ({ page }) => {
  const [first] = await cards(page);
  await page.goto(LISTING);
  await hydrated(page);
  const button = heart(page, first!.name);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toHaveAccessibleName(`Salvar ${first!.name} nos favoritos`);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LISTING}$`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});

test('signed in: heart a card, see it in favourites and on the product page, unheart it by keyboard', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await registerCustomer(page, baseURL!);
  const [first, second] = await cards(page);
  await page.goto(LISTING);
  await hydrated(page);

  // Click: pressed at once (optimistic), kept after the server answers; add_to_wishlist with the card's item.
  const button = heart(page, first!.name);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveAccessibleName(`Remover ${first!.name} dos favoritos`);
  await expect(page.locator('.toast').filter({ hasText: 'Salvo nos favoritos!' })).toBeVisible();
  await expect.poll(async () => (await events(page, 'add_to_wishlist')).length).toBe(1);
  const [wish] = await events(page, 'add_to_wishlist');
  expect(JSON.stringify(wish)).toContain(first!.name);
  await expect(page).toHaveURL(new RegExp(`${LISTING}$`));

  // The server renders it pressed from the favorites cookie (before any script runs).
  const html = await (await page.request.get(LISTING)).text();
  expect(html).toContain(
    `aria-pressed="true" aria-label="Remover ${first!.name.replace(/'/g, '&#x27;')} dos favoritos"`,
  );

  // Space on the second card's heart.
  const other = heart(page, second!.name);
  await other.focus();
  await page.keyboard.press('Space');
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  // Pressed at once (optimistic), saved once the server has answered (add_to_wishlist): leaving the page before that
  // cancels the save (with a slow answer the favourites page listed one card).
  await expect.poll(async () => (await events(page, 'add_to_wishlist')).length).toBe(2);

  await page.goto('/minha-conta/favoritos');
  await expect(page.getByTestId('favorite-card')).toHaveCount(2);
  await expect(page.getByTestId('favorite-card').filter({ hasText: first!.name })).toHaveCount(1);
  // A card has no size: the favourite was saved without one, and asks for it.
  await expect(page.getByTestId('favorite-card').filter({ hasText: first!.name })).toContainText('Escolha o tamanho');

  // The product page's heart is the same favourite.
  await page.goto(`/${first!.slug}/p`);
  await hydrated(page);
  await expect(page.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');

  // Back on the listing, Enter on the card's heart removes it.
  await page.goto(LISTING);
  await hydrated(page);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.toast').filter({ hasText: 'Removido dos favoritos.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LISTING}$`));

  await page.goto('/minha-conta/favoritos');
  await expect(page.getByTestId('favorite-card')).toHaveCount(1);
  await expect(page.getByTestId('favorite-card').filter({ hasText: first!.name })).toHaveCount(0);
});

test('a heart the server refuses rolls back and says why', async ({ page, baseURL, consoleErrors }) => {
  await registerCustomer(page, baseURL!);
  const [first] = await cards(page);
  await page.goto(LISTING);
  await hydrated(page);
  const button = heart(page, first!.name);
  // An item the catalogue does not have: the real API answers 404.
  await button.evaluate((b) => b.setAttribute('data-card-favorite', '999999999'));
  await button.click();
  await expect(page.locator('.toast').filter({ hasText: 'Produto não encontrado.' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(await events(page, 'add_to_wishlist')).toEqual([]);
  expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  consoleErrors.length = 0;
});

test.describe('inside the app webview', () => {
  test.use({ userAgent: APP_UA });
  test.beforeEach(async ({ context }) => installFakeApp(context));

  test('the card heart works there too: login modal signed out, a toggle signed in', async ({ page, baseURL }) => {
    const [first] = await cards(page);
    await page.goto(LISTING);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-app-bridge', 'confirmed');
    const button = heart(page, first!.name);
    await button.click();
    await expect(page.getByRole('dialog', { name: 'Entre na sua conta' })).toBeVisible();
    await page.keyboard.press('Escape');

    await registerCustomer(page, baseURL!);
    await page.reload();
    await hydrated(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`${LISTING}$`));
  });
});
