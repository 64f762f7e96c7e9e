import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { slowNetwork } from './slow-network';
import { fillCart } from './checkout-helpers';
import { go } from './shopper-walk';

/** Collects CSP violations from the very start of every page of the context. */
async function watchCsp(page: import('@playwright/test').Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/**
 * Answered from the edge cache: fresh, or stale — a copy another test on the shared server stored over 60 s ago is
 * still being rendered again in the background right after the first visit (seen once in a run at load 9). The
 * same shared HTML either way, which is what these tests are about.
 */
const FROM_CACHE = ['HIT', 'STALE'];

test.describe('CSP without inline styles (issue 15 item 8, issue 16)', () => {
  for (const path of ['/', '/moda-praia', '/search?q=biquini', '/sacola', '/checkout', '/cadastro']) {
    test(`no CSP violation on ${path}`, async ({ page }) => {
      const violations = await watchCsp(page);
      await page.goto(path);
      await hydrated(page);
      expect(await violations()).toEqual([]);
    });
  }

  // A page from the edge cache has no nonce: its inline scripts run by hash, the bundle and its chunks as our own files.
  for (const path of ['/', '/moda-praia?ordem=menor-preco']) {
    test(`no CSP violation on ${path} served from the edge cache, through the app's first interaction`, async ({
      page,
    }) => {
      const violations = await watchCsp(page);
      await page.goto(path);
      const again = await page.reload();
      expect(FROM_CACHE).toContain(again?.headers()['x-edge-cache']);
      expect(again?.headers()['content-security-policy']).not.toContain("'nonce-");
      await hydrated(page);
      await page.locator('header a[href]').first().hover();
      await expect(page.locator('html.consent-needed')).toHaveCount(0);
      expect(await violations()).toEqual([]);
    });
  }

  test('no CSP violation on a product page, with the desktop menu (coloured entries) open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const violations = await watchCsp(page);
    await page.goto('/moda-praia');
    await hydrated(page);
    await page.locator('main a[href$="/p"]').first().click();
    await expect(page).toHaveURL(/\/p(\?|$)/);
    await hydrated(page);
    await page.locator('.menu-desktop__link').first().hover();
    // The seeded "Outlet" entry is coloured from the back office: its style attribute is allowed by hash.
    await expect(page.locator('.menu-desktop__link', { hasText: 'Outlet' })).toHaveCSS('color', 'rgb(255, 138, 122)');
    expect(await violations()).toEqual([]);
  });
});

/** A cart of two for this browser, made the way the storefront's scripts make it (the id kept in localStorage). */
async function cartOfTwo(page: Page): Promise<void> {
  await page.goto('/');
  await hydrated(page);
  const count = await page.evaluate(async () => {
    const listing = (await (await fetch('/api/catalog/listing?slug=moda-praia')).json()) as {
      products: { slug: string }[];
    };
    for (const { slug } of listing.products) {
      const product = (await (await fetch(`/api/products/${slug}`)).json()) as {
        skus: { productItemId: number; available: boolean; lastUnits?: boolean }[];
      };
      const sku = product.skus.find((s) => s.available && !s.lastUnits);
      if (!sku) continue;
      const res = await fetch('/api/cart', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productItemId: sku.productItemId, amount: 2 }),
      });
      const cart = (await res.json()) as { hash: string };
      localStorage.setItem('hash', cart.hash);
      return 2;
    }
    return 0;
  });
  expect(count).toBe(2);
}

test.describe('edge-cached pages (issue 16)', () => {
  test('an anonymous shopper with a cart sees its count on a page the edge cache serves to everyone', async ({
    page,
    settle,
  }) => {
    await cartOfTwo(page);
    const first = await page.goto('/moda-praia');
    await hydrated(page);
    const again = await page.goto('/moda-praia');
    expect(FROM_CACHE).toContain(again!.headers()['x-edge-cache']);
    expect(first!.headers()['cache-control']).toContain('s-maxage=');
    await hydrated(page);
    await expect(page.locator('.site-header__badge')).toHaveText('2');
    await settle();
  });

  test('on a slow network, with the bundle cached: the cached page hydrates as served, then shows the cart', async ({
    page,
    settle,
  }) => {
    await cartOfTwo(page);
    await page.goto('/moda-praia');
    await hydrated(page);
    await slowNetwork(page);
    const res = await page.goto('/moda-praia');
    expect(FROM_CACHE).toContain(res!.headers()['x-edge-cache']);
    await hydrated(page);
    // The fixture fails the test on React #418: the badge changes only after hydration.
    await expect(page.locator('.site-header__badge')).toHaveText('2');
    await settle();
  });

  test('from a cached page, a client-side move to /sacola hydrates with the cart the server rendered there', async ({
    page,
    baseURL,
  }) => {
    // The cart only in this browser's HttpOnly cookie (no id in localStorage): the cached page cannot show it.
    await fillCart(page.request, baseURL!);
    await page.goto('/moda-praia');
    const cached = await page.goto('/moda-praia');
    expect(FROM_CACHE).toContain(cached!.headers()['x-edge-cache']);
    await hydrated(page);
    await go(page, '/sacola');
    // The fixture fails the test on React #418 (the cart page's island hydrating with no cart).
    await expect(page.getByRole('list', { name: 'Produtos na sacola' })).toBeVisible();
    await expect(page.locator('.site-header__badge')).toHaveText('1');
  });
});
