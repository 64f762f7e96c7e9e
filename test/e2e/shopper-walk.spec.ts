import { expect, hydrated, test } from './fixtures';
import {
  choose,
  deliverHome,
  expectConfirmation,
  fillCart,
  GUEST,
  identifyAsGuest,
  quoteCep,
  registerCustomer,
  toReview,
} from './checkout-helpers';
import { go, walkChecks, WIDTHS } from './shopper-walk';
import { ACCOUNT_PAGES } from '../../src/pages/content/account-pages';
import { CONTENT_PAGES } from '../../src/pages/content/content-pages';

/**
 * Issue 14's matrix: every page type × 375/768/1000/1366 — no sideways scroll, the menu opens and reaches
 * every top-level entry, overlays and header right after client-side moves in and out, no English words, no
 * console errors (fixture). One load per page type and width; with E2E_SHOTS=1, screenshots under
 * test-results/screenshots.
 */
// Every content and account page the store serves (one list with the site map), plus the auth pages.
const CONTENT = [...CONTENT_PAGES.map((p) => p.path), '/mapa-do-site', '/login', '/esqueci-senha'];
const ACCOUNT = ACCOUNT_PAGES.map((p) => p.path);

const nameOf = (path: string) => path.replace(/^\//, '').replace(/[/?=]+/g, '-') || 'home';

for (const width of WIDTHS) {
  test.describe(`walk at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 1000 ? 900 : 812 } });

    test('home, listing, search, product, cart and content pages', async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      const product = (
        (await (await page.request.get('/api/catalog/listing?slug=moda-praia')).json()) as {
          products: { slug: string }[];
        }
      ).products[0]!.slug;
      await fillCart(page.request, baseURL!);
      await page.goto('/');
      await hydrated(page);
      await walkChecks(page, 'home', width);
      for (const [name, path] of [
        ['listing', '/moda-praia'],
        ['search', '/search?q=biquini'],
        ['product', `/${product}/p`],
        ['sacola', '/sacola'],
        ...CONTENT.map((p) => [nameOf(p), p]),
      ] as const) {
        await go(page, path);
        await walkChecks(page, name, width);
      }
    });

    test('account pages', async ({ page, baseURL }) => {
      test.setTimeout(60_000);
      await registerCustomer(page, baseURL!);
      await page.goto(ACCOUNT[0]!);
      await hydrated(page);
      await walkChecks(page, 'minha-conta', width);
      for (const path of ACCOUNT.slice(1)) {
        await go(page, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await walkChecks(page, nameOf(path), width);
      }
    });

    test('each checkout step and the confirmation', async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await fillCart(page.request, baseURL!);
      await page.goto('/sacola');
      await hydrated(page);
      // Into checkout client-side (a full load: the checkout has no header), then each step.
      await go(page, '/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();
      await walkChecks(page, 'checkout-identificacao', width, { header: false });
      await identifyAsGuest(page);
      await quoteCep(page);
      await walkChecks(page, 'checkout-entrega', width, { header: false });
      await deliverHome(page);
      await choose(page, 'Pix');
      await walkChecks(page, 'checkout-pagamento', width, { header: false });
      await toReview(page);
      await walkChecks(page, 'checkout-revisao', width, { header: false });
      await page.getByRole('button', { name: 'Finalizar compra' }).click();
      await expectConfirmation(page, GUEST.email);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Issue 14: after checkout the confirmation has the store's header again.
      await walkChecks(page, 'confirmacao', width, { header: true });
    });
  });
}
