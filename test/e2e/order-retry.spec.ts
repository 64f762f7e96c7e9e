import type { Page } from '@playwright/test';
import { installFakeApp, lastOf } from './app-bridge';
import { expect, hydrated, test } from './fixtures';
import { DEBIT_CARD, placeOrder } from './order-helpers';
import {
  choose,
  deliverHome,
  expectConfirmation,
  fillCard,
  fillCart,
  GUEST,
  guestPays,
  openCheckout,
  registerCustomer,
  startAsGuest,
  toReview,
} from './checkout-helpers';

test.use({ viewport: { width: 375, height: 812 } });

/**
 * In the app webview the bridge reads the bag its cookies name; after a checkout that bag is closed, so the first
 * page's read is a 404 (which drops the bag's request-token cookie: no later page reads it). On the web nothing does.
 */
const CLOSED_CART = 'status of 404 (Not Found)';

/** The order page's product names (each item's name, without its size · colour · quantity line). */
const itemNames = (page: Page) =>
  page
    .getByTestId('order-item')
    .locator('.co-summary__name')
    .evaluateAll((names) => names.map((name) => (name.firstChild?.textContent ?? '').trim()));

/** On the sandbox bank's 3-D Secure page: a mistyped code refuses the payment; back to the order page. */
async function refuseThreeDSecure(page: Page, consoleErrors: string[]): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/3ds\//, { timeout: 15_000 });
  await page.getByLabel('Código enviado pelo banco').fill('1235');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Código de verificação incorreto')).toBeVisible();
  // The browser logs the 402 page itself (its console message may come after the page shows): that one is the
  // expected refusal, nothing else may be there.
  await expect
    .poll(() => consoleErrors.filter((e) => !e.includes(CLOSED_CART)))
    .toEqual(['Failed to load resource: the server responded with a status of 402 (Payment Required)']);
  await page.getByRole('link', { name: 'Voltar para o pedido' }).click();
  await page.waitForLoadState('load');
  expect(consoleErrors.filter((e) => !e.includes(CLOSED_CART) && !e.includes('status of 402'))).toEqual([]);
  consoleErrors.length = 0;
}

test('a debit refused at 3-D Secure: "Tentar novamente" puts the item back in the bag, then a credit card pays', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await startAsGuest(page, baseURL!);
  await deliverHome(page);
  await choose(page, 'Cartão de débito');
  await fillCard(page, '4012 0010 3714 1112');
  await toReview(page);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();

  await refuseThreeDSecure(page, consoleErrors);
  await expectConfirmation(page, GUEST.email);
  await expect(page.getByRole('heading', { name: 'Pagamento não aprovado: o pedido foi cancelado.' })).toBeVisible();
  await expect(
    page.getByText('Seus produtos voltam para a sacola para você escolher outra forma de pagamento.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continuar comprando' })).toBeVisible();
  const ordered = await itemNames(page);
  expect(ordered.length).toBeGreaterThan(0);
  await hydrated(page);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();

  // The bag has the order's items again, and says so.
  await expect(page).toHaveURL(/\/sacola$/);
  await expect(page.getByText('Seus produtos voltaram para a sacola.')).toBeVisible();
  for (const name of ordered) await expect(page.locator('main').getByText(name).first()).toBeVisible();
  await expect(page.getByText('Sua sacola está vazia')).toHaveCount(0);

  // Another way to pay: a credit card goes through.
  await openCheckout(page);
  await guestPays(page, (p) => fillCard(p, '5448 2800 0000 0007'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
  expect(await itemNames(page)).toEqual(ordered);
});

test('"Minha conta": the refused order offers "Tentar novamente" there too, at 375 px, and the bag gets the item back', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const { email } = await registerCustomer(page, baseURL!);
  await fillCart(page.request, baseURL!);
  await openCheckout(page);
  await page.getByRole('button', { name: 'Continuar para a entrega' }).click();
  await page.locator('[data-testid="shipping-option"][data-type="normal"]').first().click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await choose(page, 'Cartão de débito');
  await fillCard(page, '4012 0010 3714 1112');
  await toReview(page);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await refuseThreeDSecure(page, consoleErrors);
  const { ids } = await expectConfirmation(page, email);
  const ordered = await itemNames(page);

  await page.goto(`/minha-conta/pedidos/${ids[0]}`);
  await expect(page.getByRole('heading', { name: 'Pagamento não aprovado: o pedido foi cancelado.' })).toBeVisible();
  await expect(page.getByText(/Cartão de débito .*· não aprovado/)).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page).toHaveURL(/\/sacola$/);
  await expect(page.getByText('Seus produtos voltaram para a sacola.')).toBeVisible();
  for (const name of ordered) await expect(page.locator('main').getByText(name).first()).toBeVisible();
});

test.describe('in the app webview', () => {
  test.beforeEach(async ({ context }) => installFakeApp(context));

  test("the retry lands on the app's cart screen, and the app is told the bag's count", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    // A first page, so the bridge's cookie tells the server it is the app.
    await page.goto('/');
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 31, ...DEBIT_CARD });
    const cartReads: number[] = [];
    page.on('response', (r) => new URL(r.url()).pathname === '/api/cart' && cartReads.push(r.status()));
    await page.goto(order.next.url!);
    await refuseThreeDSecure(page, consoleErrors);
    await expect(page).toHaveURL(order.redirect);
    await hydrated(page);
    // The bridge's read of the closed bag is answered before the retry.
    await page.waitForLoadState('networkidle');
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes(CLOSED_CART)));
    const before = cartReads.length;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page).toHaveURL(/\/cart\/ecommerce-app$/);
    await expect(page.getByText('Seus produtos voltaram para a sacola.')).toBeVisible();
    await hydrated(page);
    await expect.poll(async () => (await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 1 });
    // The retry's bag is the one the cookies name now: the bridge's re-read finds it (no 404 any more).
    await expect.poll(() => cartReads.slice(before)).toContain(200);
    expect(cartReads.slice(before)).not.toContain(404);
  });
});
