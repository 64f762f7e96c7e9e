import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import {
  choose,
  deliverHome,
  events,
  expectConfirmation,
  fillCart,
  fillBigCart,
  identifyAsGuest,
  quoteCep,
  fillCard,
  GUEST,
  openCheckout,
  registerCustomer,
  toReview,
  startAsGuest,
} from './checkout-helpers';

/** A guest's home delivery paid with `method`, finished from the review; answers the review's total. */
async function guestFinishesWith(page: Page, baseURL: string, method: string): Promise<string> {
  await startAsGuest(page, baseURL);
  await deliverHome(page);
  await choose(page, method);
  await toReview(page);
  const total = (await page.getByTestId('review-total').textContent())!;
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  return total;
}

test.describe('checkout purchases', () => {
  test('guest with Pix: finish-order leads to the confirmation URL of the spec', async ({ page, baseURL }) => {
    await startAsGuest(page, baseURL!);
    await deliverHome(page);
    await choose(page, 'Pix');
    await toReview(page);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, GUEST.email);
    // The cart is gone after the order.
    const cart = await page.request.get('/api/cart');
    expect(cart.status()).not.toBe(200);
  });

  test('guest with boleto, pickup in a store', async ({ page, baseURL }) => {
    await startAsGuest(page, baseURL!);
    await page.locator('[data-testid="shipping-option"][data-type="pickup"]').first().click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await choose(page, 'Boleto bancário');
    await toReview(page);
    await expect(page.getByText(/^Retirada:/)).toBeVisible();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, GUEST.email);
  });

  test('signed-in customer: saved address, card in 3 installments approved', async ({ page, baseURL }) => {
    const { email, name } = await registerCustomer(page, baseURL!);
    await fillCart(page.request, baseURL!);
    await openCheckout(page);
    await expect(page.getByText(`Você está comprando como ${name}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Continuar para a entrega' }).click();
    await expect(page.getByTestId('saved-address')).toHaveCount(1);
    await expect(page.getByTestId('saved-address').locator('input')).toBeChecked();
    await expect(page.getByTestId('shipping-option').first()).toBeVisible();
    await page.locator('[data-testid="shipping-option"][data-type="normal"]').first().click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
    await fillCard(page, '5448 2800 0000 0007');
    await expect(page.getByText('Bandeira: Mastercard')).toBeVisible();
    await expect(page.getByLabel('Parcelas')).toBeEnabled();
    await page.getByLabel('Parcelas').selectOption('3');
    await toReview(page);
    await expect(page.getByTestId('review-payment')).toHaveText('Cartão de crédito · 3x · final 0007');
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, email);
  });

  test('a declined card shows the issuer message and orders nothing', async ({ page, baseURL, consoleErrors }) => {
    await startAsGuest(page, baseURL!);
    await deliverHome(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByLabel('Parcelas').selectOption('3');
    await toReview(page);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Pagamento não autorizado pelo emissor do cartão' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    // The browser logs the 402 answer itself: that one is the expected decline, nothing else may be there.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 402 (Payment Required)',
    ]);
    consoleErrors.length = 0;
    // Nothing ordered: the cart is still open and a good card goes through.
    expect((await page.request.get('/api/cart')).status()).toBe(200);
    await page.getByRole('button', { name: 'Alterar pagamento' }).click();
    await fillCard(page, '5448 2800 0000 0007');
    await toReview(page);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, GUEST.email);
  });

  test('guest with Pix: "Simular pagamento" on the confirmation turns the order paid, purchase pushed once', async ({
    page,
    baseURL,
  }) => {
    const total = await guestFinishesWith(page, baseURL!, 'Pix');
    const { ids } = await expectConfirmation(page, GUEST.email);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido recebido!');
    await expect(page.locator('.content-page__lead')).toContainText(`Total: ${total}`);
    await expect(page.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
    await expect.poll(async () => (await events(page, 'purchase')).length).toBe(ids.length);
    const pushed = (await events(page, 'purchase')).map(
      (e) => (e.ecommerce as { transaction_id: string }).transaction_id,
    );
    expect(pushed.sort()).toEqual(ids.map(String).sort());
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
    await expect(page.getByText('Pagamento aprovado (Pix)')).toBeVisible();
    await expect(page.locator('.content-page__lead')).toContainText(`Total: ${total}`);
    await hydrated(page);
    // The same order seen again (now paid) pushes no second purchase.
    expect(await events(page, 'purchase')).toHaveLength(0);
  });
});

test.describe('checkout with PayPal', () => {
  test('PAYPAL_FAILED falls back to the rede credit card, which completes the order', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    await fillBigCart(page.request, baseURL!);
    await openCheckout(page);
    await identifyAsGuest(page);
    await quoteCep(page);
    await deliverHome(page);
    await choose(page, 'PayPal');
    await toReview(page);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    // Back on the payment step with the credit card chosen and the reason given.
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
    await expect(
      page.getByText('Não foi possível pagar com o PayPal agora. Pague com cartão de crédito.'),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Cartão de crédito/ })).toBeChecked();
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    consoleErrors.length = 0;
    await fillCard(page, '4012 0010 3714 1112');
    await toReview(page);
    await expect(page.getByTestId('review-payment')).toHaveText('Cartão de crédito · 1x · final 1112');
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expectConfirmation(page, GUEST.email);
  });
  test('PayPal approval: the sandbox approval page, back to the paid confirmation with the right total', async ({
    page,
    baseURL,
  }) => {
    const total = await guestFinishesWith(page, baseURL!, 'PayPal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PayPal — aprovar pagamento');
    await expect(page.locator('.content-page__lead')).toContainText(total);
    await page.getByRole('button', { name: 'Aprovar pagamento' }).click();
    const { ids } = await expectConfirmation(page, GUEST.email);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
    await expect(page.getByText('Pagamento aprovado (PayPal')).toBeVisible();
    await expect(page.locator('.content-page__lead')).toContainText(`Total: ${total}`);
    await expect.poll(async () => (await events(page, 'purchase')).length).toBe(ids.length);
    // The cart is gone after the order.
    expect((await page.request.get('/api/cart')).status()).not.toBe(200);
  });
});
