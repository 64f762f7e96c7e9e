import { registerCustomer } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';
import { slowNetwork } from './slow-network';

test.describe('islands hydrate with the page they came with (React #418)', () => {
  test('a returning signed-in shopper on a slow network: the greeting and the account page hydrate as rendered', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await registerCustomer(page, baseURL!);
    // The first visit puts the bundle in the browser cache.
    await page.goto('/minha-conta');
    await hydrated(page);
    await slowNetwork(page);
    for (const path of ['/minha-conta/enderecos?ok=1', '/minha-conta/favoritos']) {
      await page.goto(path);
      await hydrated(page);
      // Hydrated with an anonymous store, React would have replaced the greeting by the login link (and logged #418,
      // which the fixture's console check fails on).
      await expect(page.locator('.menu-account__hello')).toHaveText('Olá, Carla');
      await expect(page.locator('.menu-account a[href="/login"]')).toHaveCount(0);
    }
  });
});
