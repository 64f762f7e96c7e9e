import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { claimProduct, expectConfirmation, GUEST, guestPaysWithPix } from './checkout-helpers';

/**
 * Issue 14: a store in proxy mode (`COMMERCE_API_URL` = the embedded store's /api; second web server of
 * playwright.config.ts on the next port) — the cart to the confirmation, with and without JavaScript. The
 * storefront's own `cart` cookie is what lets its server-rendered /sacola and the no-JS cart see the cart.
 */
const PROXY = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788) + 1}`;
test.use({ baseURL: PROXY });

// The proxy answers only while the embedded store behind it does: after a restart of that server
// (scripts/e2e-server.mjs) wait until a proxied call goes through again.
test.beforeEach(async ({ request }) => {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const ok = await request.get(`${PROXY}/api/parameters`).then(
      (r) => r.ok(),
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

/** A product no parallel test is buying (the per-worker picker of checkout-helpers), as the proxy store lists it. */
async function firstProduct(page: Page): Promise<string> {
  return (await claimProduct(page.request)).slug;
}

test.describe('proxy-mode store', () => {
  test('with JavaScript: product → cart page → checkout → Pix → confirmation', async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.goto(`/${await firstProduct(page)}/p`);
    await hydrated(page);
    await page.locator('button[data-size]:not([disabled])').first().click();
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-popover')).toBeVisible();
    const cookies = await context.cookies(PROXY);
    expect(cookies.find((c) => c.name === 'cart')?.value).toBeTruthy();
    expect(cookies.find((c) => c.name === 'cart_domain')?.value).toBe('127.0.0.1');

    // The cart page is rendered by the proxy store's server from its own `cart` cookie.
    const html = await (await page.request.get('/sacola')).text();
    expect(html).not.toContain('Sua sacola está vazia.');
    await page.goto('/sacola');
    await hydrated(page);
    await expect(page.getByRole('list', { name: 'Produtos na sacola' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
    await guestPaysWithPix(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('without JavaScript: the no-JS cart and checkout forms end on the confirmation', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: PROXY });
    await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: PROXY }]);
    const page = await context.newPage();
    const slug = await firstProduct(page);
    await page.goto(`/${slug}/p`);
    // Without JS the size is a GET form, then the add form posts to /sacola/adicionar and 303s to the cart.
    await page.locator('button[data-size]:not([disabled])').first().click();
    await expect(page).toHaveURL(/tamanho=/);
    await page.getByTestId('add-to-cart').click();
    await expect(page).toHaveURL(/\/sacola/);
    await expect(page.getByRole('list', { name: 'Produtos na sacola' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: 'Finalizar compra' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // The one-page form (the steps are hidden without scripting, but still in the document).
    const form = page.locator('form[action="/checkout"]');
    await form.getByLabel('Nome completo', { exact: true }).fill(GUEST.name);
    await form.getByLabel('E-mail', { exact: true }).fill('sem.js@example.com');
    await form.getByLabel('CPF', { exact: true }).fill(GUEST.cpf);
    await form.getByLabel('CEP', { exact: true }).fill('01310-100');
    await page.getByRole('button', { name: 'Calcular frete' }).click();
    const normal = page.locator('[data-testid="shipping-option"][data-type="normal"]');
    await expect(normal.first()).toBeVisible();
    const stores = await normal.evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-store')))]);
    expect(stores).toHaveLength(1);
    await normal.first().click();
    await form.getByLabel('Rua', { exact: true }).fill('Avenida Paulista');
    await form.getByLabel('Número', { exact: true }).fill('1000');
    await form.getByLabel('Bairro', { exact: true }).fill('Bela Vista');
    await form.getByLabel('Cidade', { exact: true }).fill('São Paulo');
    await form.getByLabel('UF', { exact: true }).fill('SP');
    await page.getByRole('radio', { name: /^Pix/ }).check();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, 'sem.js@example.com');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });
});
