import { expect, test } from './fixtures';
import { deliverHome, expectConfirmation, fillCard, GUEST, startAsGuest, toReview } from './checkout-helpers';

interface ApiCart {
  cartId: string;
  count: number;
  items: { cartItemId: number; amount: number }[];
}

test.describe('checkout: the bag changed in another tab after Revisão', () => {
  test('"Finalizar compra" shows the message and the new total and charges nothing; finishing again orders the new bag (375 px)', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await startAsGuest(page, baseURL!);
    await deliverHome(page);
    // Credit card is the default method.
    await fillCard(page, '4012 0010 3714 1112');
    await toReview(page);
    const reviewed = (await page.getByTestId('review-total').textContent())!;

    // Tab B, same session: two more units of the line.
    const tabB = await context.newPage();
    const cart = (await (await tabB.request.get('/api/cart')).json()) as ApiCart;
    expect(cart.items).toHaveLength(1);
    const put = await tabB.request.put('/api/cart', {
      headers: { origin: baseURL!, 'content-type': 'application/json' },
      data: { itemId: cart.items[0]!.cartItemId, amount: 3, cartId: cart.cartId },
    });
    expect(put.status()).toBe(200);
    await tabB.close();

    // Tab A still shows the reviewed total: finishing is refused, the message takes focus, the new total shows.
    await expect(page.getByTestId('review-total')).toHaveText(reviewed);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    const problem = page.getByTestId('review-problem');
    await expect(problem).toContainText(
      'Sua sacola mudou desde a revisão. Confira os itens e o novo total antes de finalizar.',
    );
    await expect(problem).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Revisão' })).toBeVisible();
    await expect(page.getByTestId('review-total')).not.toHaveText(reviewed);
    const newTotal = (await page.getByTestId('review-total').textContent())!;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The browser logs the 409 answer itself: that one is the expected refusal, nothing else may be there.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    consoleErrors.length = 0;

    // No order: the bag is still open, with its 3 units.
    const still = await page.request.get('/api/cart');
    expect(still.status()).toBe(200);
    expect(((await still.json()) as ApiCart).items[0]!.amount).toBe(3);

    // The shopper saw the new total: finishing again orders it.
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, GUEST.email);
    await expect(page.locator('.content-page__lead')).toContainText(`Total: ${newTotal}`);
  });
});
