import { registerCustomer } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

/**
 * The bag follows the account (ADR 0023's addendum): signed in on a second browser with no bag of its own, the
 * shopper sees the bag filled on the first, and what they add there joins it instead of starting another.
 */
test("signed in on a second browser, the shopper's bag is the one filled on the first, and an add joins it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await registerCustomer(page, baseURL!);
  const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  const product = (await (await page.request.get(`/api/products/${listing.products[1]!.slug}`)).json()) as {
    skus: { productItemId: number; available: boolean }[];
  };
  const [first, second] = product.skus.filter((s) => s.available);
  const added = await page.request.post('/api/cart', {
    headers: { origin: baseURL! },
    data: { productItemId: first!.productItemId, amount: 1, cartId: null },
  });
  expect(added.status()).toBe(200);
  const { hash } = (await added.json()) as { hash: string };

  const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
  try {
    const page2 = await other.newPage();
    const login = await page2.request.post('/api/login', {
      headers: { origin: baseURL! },
      data: { login: email, password: 'senhaForte123' },
    });
    expect(login.status()).toBe(200);
    await page2.goto('/sacola');
    await hydrated(page2);
    await expect(page2.getByTestId('cart-line')).toHaveCount(1);
    expect(await page2.evaluate(() => localStorage.getItem('hash'))).toBe(hash);
    const more = await page2.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: second!.productItemId, amount: 1, cartId: hash },
    });
    expect(((await more.json()) as { hash: string }).hash).toBe(hash);
    await page.goto('/sacola');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
  } finally {
    await other.close();
  }
});
