import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { claimProduct, fillCart, GUEST, guestPaysWithPix, identifyAsGuest, registerCustomer } from './checkout-helpers';

/** The product page's first size in stock: clicks it and adds one unit. */
async function addFirstSize(page: Page): Promise<void> {
  const size = page.locator('button[data-size]:not([disabled])').first();
  await size.click();
  await expect(size).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-popover')).toBeVisible();
}

/** Resolves once the navigator has swapped the page and hydrated its islands (call before the click). */
const arrival = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => window.addEventListener('vitrine:navigate', () => resolve(), { once: true })),
  );

const headerShown = (page: Page) =>
  page.locator('.site-header__bar').evaluate((el) => el.getBoundingClientRect().height > 0);

test.describe('shopper journeys (issue 14)', () => {
  test('375 px: home → mobile menu → listing → product → cart drawer → checkout → Pix → confirmation', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await hydrated(page);

    // Issue 14: on `/` the drawer was 48 px tall and no category could be reached.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.locator('#menu-drawer');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())!.height).toBeGreaterThan(400);
    await drawer.getByRole('button', { name: 'Moda Praia' }).click();
    let arrived = arrival(page);
    await drawer.getByRole('link', { name: 'Biquínis' }).click();
    await arrived;
    await expect(page).toHaveURL(/\/moda-praia\/biquinis$/);
    await expect(drawer).toBeHidden();

    arrived = arrival(page);
    await page.locator('.product-grid a[href$="/p"]').first().click();
    await arrived;
    await expect(page).toHaveURL(/\/p(\?|$)/);
    await expect(page.locator('body.product-page')).toHaveCount(1);
    // Issue 14: the product page was 399 px wide at 375 px (the gallery list).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await addFirstSize(page);
    await page.getByTestId('cart-popover').getByRole('button', { name: 'VER SACOLA' }).click();
    const cart = page.getByRole('dialog', { name: /Sacola/ });
    await expect(cart).toBeVisible();
    // The drawer fits the phone: nothing of it outside the viewport (prices, "Aplicar").
    const box = (await cart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const apply = cart.getByRole('button', { name: 'Aplicar' }).first();
    await apply.scrollIntoViewIfNeeded();
    const ab = (await apply.boundingBox())!;
    expect(ab.x + ab.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Issue 14: "Finalizar compra" went to /checkout with the drawer still open over it.
    await cart.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveClass(/\bcart-open\b/);

    await guestPaysWithPix(page);
    await hydrated(page);
    // Issue 14: the confirmation kept the checkout's hidden header.
    expect(await headerShown(page)).toBe(true);
    await expect(page.locator('body')).not.toHaveClass(/\bcheckout\b/);
  });

  test('the CEP quoted in the cart and the option chosen there come along into checkout', async ({ page, baseURL }) => {
    await fillCart(page.request, baseURL!);
    await page.goto('/sacola');
    await hydrated(page);
    const cart = page.locator('main');
    await cart.getByRole('textbox', { name: 'CEP de entrega' }).fill('01310100');
    await cart.getByRole('button', { name: 'Calcular' }).click();
    const options = cart.locator('.cart-ship__option');
    await expect(options.first()).toBeVisible();
    // The last home option (express when there is one), not the first the checkout would show anyway.
    const home = cart.locator('.cart-ship__option:is([data-type="normal"], [data-type="expressa"])');
    const pick = home.last();
    const type = (await pick.getAttribute('data-type'))!;
    const cartText = await pick.innerText();
    await pick.getByRole('radio').check();
    await expect(pick.getByRole('radio')).toBeChecked();
    // Saved on the cart: its shipping line shows the option's price.
    await expect(cart.getByTestId('cart-shipping')).toHaveText(/R\$\s?\d+,\d{2}|Grátis/);
    // The cart keeps the CEP: not only this browser's memory of it (another device, a cleared browser).
    await page.evaluate(() => localStorage.removeItem('vitrine:cep'));
    await cart.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await identifyAsGuest(page);
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
    // The same option, already chosen: its type, and its carrier as the cart showed it.
    const carried = page.locator('[data-testid="shipping-option"]:has(input:checked)');
    await expect(carried).toHaveCount(1);
    await expect(carried).toHaveAttribute('data-type', type);
    expect(cartText).toContain(await carried.locator('small').innerText());
  });

  test("the browser's calls: the product page quotes for the cart, the guest's e-mail goes onto the cart, the card service is asked once", async ({
    page,
    baseURL,
  }) => {
    const { slug } = await claimProduct(page.request);
    await fillCart(page.request, baseURL!);
    const calls: { method: string; url: URL; body: string | null }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push({ method: r.method(), url: new URL(r.url()), body: r.postData() });
    });
    await page.goto(`/${slug}/p`);
    await hydrated(page);
    await page.getByLabel('Calcule o frete e o prazo').fill('01310-100');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/omnichannel');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByTestId('shipping-options')).toBeVisible();
    // The quote is this cart's: the id from the cart store, or (a page from the edge cache knows no cart) the
    // HttpOnly cookie the request carries. Either way the answer is the one asked with the cart's id.
    const response = await answered;
    const asked = new URL(response.url()).searchParams;
    const cartId = (await page.context().cookies()).find((c) => c.name === 'cart')!.value;
    if (asked.has('shopping_cart_hash')) expect(asked.get('shopping_cart_hash')).toBe(cartId);
    asked.set('shopping_cart_hash', cartId);
    const expected = await (await page.request.get(`/api/omnichannel?${asked}`, { headers: { cookie: '' } })).json();
    expect(await response.json()).toEqual(expected);

    await page.goto('/checkout');
    await hydrated(page);
    await identifyAsGuest(page, { ...GUEST, email: 'chamadas.e2e@example.com' });
    await expect
      .poll(() => calls.filter((c) => c.method === 'PATCH' && c.url.pathname === '/api/cart').map((c) => c.body))
      .toEqual([expect.stringContaining('chamadas.e2e@example.com')]);

    // A signed-in customer's checkout asks for the card service once (it was asked twice on start).
    await registerCustomer(page, baseURL!);
    await page.goto('/checkout');
    await hydrated(page);
    const cardService = () => calls.filter((c) => c.url.pathname === '/api/credit-card-service').length;
    await expect.poll(cardService).toBe(1);
    await page.waitForTimeout(1000);
    expect(cardService()).toBe(1);
  });

  test('1366 px: "Finalizar compra" in the cart drawer leaves no drawer over the checkout', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const slug = (
      (await (await page.request.get('/api/catalog/listing?slug=moda-praia')).json()) as {
        products: { slug: string }[];
      }
    ).products[0]!.slug;
    await page.goto(`/${slug}/p`);
    await hydrated(page);
    await addFirstSize(page);
    await page.getByTestId('cart-popover').getByRole('button', { name: 'VER SACOLA' }).click();
    const cart = page.getByRole('dialog', { name: /Sacola/ });
    await cart.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Sacola/ })).toHaveCount(0);
  });

  test('a client-side move from a page without header (checkout) to one with it brings the header back', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/checkout');
    await hydrated(page);
    await expect(page.locator('.site-header__bar')).toHaveCount(0);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/entregas';
      document.body.append(a);
      a.click();
    });
    await expect(page).toHaveURL(/\/entregas$/);
    await expect(page.locator('.site-header__bar')).toBeVisible();
    await expect(page.locator('body')).not.toHaveClass(/\bcheckout\b/);
  });

  test('a network failure shows a pt-BR toast, never "Network Error"', async ({ page, consoleErrors }) => {
    const slug = (
      (await (await page.request.get('/api/catalog/listing?slug=moda-praia')).json()) as {
        products: { slug: string }[];
      }
    ).products[0]!.slug;
    await page.goto(`/${slug}/p`);
    await hydrated(page);
    await page.route('**/api/cart**', (route) => route.abort('internetdisconnected'));
    const size = page.locator('button[data-size]:not([disabled])').first();
    await size.click();
    await page.getByTestId('add-to-cart').click();
    const toast = page.getByText('Sem conexão com a loja. Verifique sua internet e tente novamente.');
    await expect(toast).toBeVisible();
    await expect(page.getByText('Network Error')).toHaveCount(0);
    // Chromium logs the refused request itself; that one is expected.
    for (let i = consoleErrors.length - 1; i >= 0; i -= 1)
      if (/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  });

  test('between 1001 and 1366 px every desktop menu entry is fully visible (none under the search box)', async ({
    page,
  }) => {
    await page.goto('/entregas');
    await hydrated(page);
    for (const width of [1001, 1100, 1200, 1280, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      const clipped = await page.evaluate(() => {
        const search = document.querySelector('.search-box')!.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.menu-desktop__link'))
          .filter((a) => {
            const r = a.getBoundingClientRect();
            const list = a.closest('.menu-desktop')!.getBoundingClientRect();
            const sameRow = r.bottom > search.top && r.top < search.bottom;
            return (
              r.right > list.right + 0.5 ||
              r.left < list.left - 0.5 ||
              (sameRow && r.right > search.left && r.left < search.right)
            );
          })
          .map((a) => a.textContent);
      });
      expect(clipped, `at ${width} px`).toEqual([]);
    }
  });
});
