import type { ConsoleMessage } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * A refused coupon or seller code is an answer the bag expects (4xx, spec §7), not an error of the page: our
 * scripts log nothing for it. Chromium itself logs "Failed to load resource: … status of 422" for any fetch
 * answered with a 4xx, and a page cannot stop it without changing the status (the API's contract): that line is
 * the only one, and it points at the API call, never at our scripts.
 */
test("/sacola: an invalid coupon and seller code log nothing from our scripts, only Chromium's own line per refused call", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  const product = (await (await page.request.get(`/api/products/${listing.products[0]!.slug}`)).json()) as {
    skus: { productItemId: number; available: boolean }[];
  };
  const sku = product.skus.find((s) => s.available)!;
  // The page's own request context: the cart cookie it sets is the page's.
  const added = await page.request.post('/api/cart', {
    headers: { origin: baseURL! },
    data: { productItemId: sku.productItemId, amount: 1, cartId: null },
  });
  expect(added.status()).toBe(200);
  const messages: ConsoleMessage[] = [];
  page.on('console', (m) => messages.push(m));
  await page.goto('/sacola');
  await hydrated(page);
  const bag = page.locator('main');
  await bag.getByRole('textbox', { name: 'Cupom de desconto' }).fill('NAOEXISTE');
  await bag.getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
  await expect(bag.getByTestId('cart-notice')).toContainText('Cupom já utilizado ou inválido');
  await bag.getByRole('textbox', { name: 'Código do vendedor' }).fill('NINGUEM10');
  await bag.getByRole('button', { name: 'Aplicar código do vendedor' }).click();
  await expect(bag.getByTestId('cart-notice')).toContainText('Código do vendedor já utilizado ou inválido');

  const ours = messages.filter(
    (m) => /\/build\//.test(m.location().url) && (m.type() === 'error' || m.type() === 'warning'),
  );
  expect(ours.map((m) => m.text())).toEqual([]);
  const errors = messages
    .filter((m) => m.type() === 'error')
    .map((m) => [m.text(), new URL(m.location().url).pathname]);
  expect(errors).toEqual([
    [
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      '/api/coupon/discount',
    ],
    [
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      '/api/coupon/seller-coupon',
    ],
  ]);
  consoleErrors.length = 0;
});
