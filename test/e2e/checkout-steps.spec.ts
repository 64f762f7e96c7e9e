import { expect, test } from './fixtures';
import {
  choose,
  deliverHome,
  events,
  fillBigCart,
  fillCart,
  fillCard,
  GUEST,
  identifyAsGuest,
  openCheckout,
  quoteCep,
  toReview,
  startAsGuest,
} from './checkout-helpers';

test.describe('checkout steps', () => {
  test('empty cart: an empty state, no header', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Sua sacola está vazia' })).toBeVisible();
    await expect(page.locator('.site-header__bar')).toHaveCount(0);
    await expect(page.locator('body.checkout')).toHaveCount(1);
  });

  test('guest identification with inline errors, begin_checkout once, delivery options for the CEP', async ({
    page,
    request,
    baseURL,
  }) => {
    const { name } = await fillCart(page.request, baseURL!);
    void request;
    await openCheckout(page);
    await expect(page.getByTestId('checkout-item')).toContainText(name);
    expect(await events(page, 'begin_checkout')).toHaveLength(1);

    // Keyboard: the CPF error is announced next to its field and the step does not advance.
    await page.getByLabel('Nome completo', { exact: true }).fill(GUEST.name);
    await page.getByLabel('E-mail', { exact: true }).fill('ana@');
    await page.getByLabel('CPF', { exact: true }).fill('111.111.111-11');
    await page.getByLabel('CPF', { exact: true }).press('Enter');
    await expect(page.getByText('Informe um e-mail válido.')).toBeVisible();
    await expect(page.getByText('CPF inválido. Confira os 11 dígitos.')).toBeVisible();
    await expect(page.getByLabel('CPF', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { level: 1, name: 'Identificação' })).toBeVisible();

    await identifyAsGuest(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeFocused();
    await page.getByLabel('CEP', { exact: true }).fill('0131');
    await page.getByRole('button', { name: 'Calcular frete' }).click();
    await expect(page.getByText('Informe um CEP válido, com 8 dígitos.')).toBeVisible();
    await quoteCep(page);
    await expect(page.locator('[data-testid="shipping-option"][data-type="normal"]')).toHaveCount(1);
    // Going back to an earlier step keeps the guest's data.
    await page.getByRole('button', { name: /Identificação/ }).click();
    await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(GUEST.cpf);
    expect(await events(page, 'begin_checkout')).toHaveLength(1);
  });
});

test.describe('checkout delivery, payment and review', () => {
  test('home delivery, Pix, coupon editable in the review, analytics per step', async ({ page, baseURL }) => {
    await startAsGuest(page, baseURL!);
    // Continuing without the address fields points at each one.
    await page.locator('[data-testid="shipping-option"][data-type="normal"]').first().click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByText('Informe o número.')).toBeVisible();
    // The CEP alone filled the state and city.
    await expect(page.getByLabel('UF', { exact: true })).toHaveValue('SP');
    // The account's address rule: a negative number, a UF that does not exist, a UF the CEP is not in.
    await page.getByLabel('Número', { exact: true }).fill('-5');
    await page.getByLabel('UF', { exact: true }).fill('XX');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(
      page.getByText(
        'Número inválido. Use algarismos (123 ou 123A), km (km 5) ou S/N; bloco e apartamento vão no complemento.',
      ),
    ).toBeVisible();
    await expect(page.getByText('UF inválida. Escolha o estado.')).toBeVisible();
    await page.getByLabel('UF', { exact: true }).fill('RJ');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByText('O CEP não é deste estado. Confira o CEP e a UF.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
    await deliverHome(page);
    const shippingInfo = await events(page, 'add_shipping_info');
    expect(shippingInfo).toHaveLength(1);
    expect((shippingInfo[0]!.ecommerce as { shipping_tier: string }).shipping_tier).toBe('normal');

    // The spec's methods, credit card first and chosen by default.
    await expect(page.getByTestId('payment-method')).toHaveText([
      /^Cartão de crédito/,
      /^Pix/,
      /^Boleto bancário/,
      /^PayPal/,
      /^Cartão de débito/,
      /^Open Finance/,
    ]);
    await expect(page.getByRole('radio', { name: /^Cartão de crédito/ })).toBeChecked();
    // The card form catches typos before any call.
    await fillCard(page, '5448 2800 0000 0008');
    await page.getByRole('button', { name: 'Revisar o pedido' }).click();
    await expect(page.getByText('Número do cartão inválido.')).toBeVisible();
    await choose(page, 'Pix');
    await toReview(page);
    const paymentInfo = await events(page, 'add_payment_info');
    expect(paymentInfo).toHaveLength(1);
    expect((paymentInfo[0]!.ecommerce as { payment_type: string }).payment_type).toBe('pix');
    await expect(page.getByTestId('review-payment')).toHaveText('Pix');

    const before = await page.getByTestId('review-total').textContent();
    await page.getByRole('button', { name: 'Aplicar' }).first().click();
    await expect(page.getByText('Esse cupom está vazio!')).toBeVisible();
    await page.getByLabel('Cupom de desconto').fill('BEMVINDO10');
    await page.getByRole('button', { name: 'Aplicar' }).first().click();
    await expect(page.getByText(/Cupom de desconto: BEMVINDO10/)).toBeVisible();
    await expect(page.getByTestId('summary-discount')).toBeVisible();
    await expect(page.getByTestId('review-total')).not.toHaveText(before!);
  });

  test('every step fits a 375 px phone, the card form included (outside walk: the payment step was 443 px wide)', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    // A large cart: the longest installment labels.
    await fillBigCart(page.request, baseURL!);
    await openCheckout(page);
    await identifyAsGuest(page);
    await quoteCep(page);
    expect(await width()).toBeLessThanOrEqual(375);
    await deliverHome(page);
    // Credit card is chosen by default: its fields and installments are on screen.
    await expect(page.getByLabel('Número do cartão')).toBeVisible();
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main *'))
        .filter((e) => e.getBoundingClientRect().right > 376)
        .slice(0, 12)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(await width(), `past the right edge:\n${wide.join('\n')}`).toBeLessThanOrEqual(375);
  });

  test('pickup in a store needs no address and clears the home delivery', async ({ page, baseURL }) => {
    await startAsGuest(page, baseURL!);
    await page.locator('[data-testid="shipping-option"][data-type="normal"]').first().click();
    await expect(page.getByLabel('Rua', { exact: true })).toBeVisible();
    const pickup = page.locator('[data-testid="shipping-option"][data-type="pickup"]').first();
    await pickup.click();
    await expect(page.locator('[data-testid="shipping-option"][data-type="normal"] input')).not.toBeChecked();
    await expect(page.getByLabel('Rua', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
    expect(((await events(page, 'add_shipping_info'))[0]!.ecommerce as { shipping_tier: string }).shipping_tier).toBe(
      'pickup',
    );
  });
});

test.describe('checkout before the steps load', () => {
  test('with scripting on the server shows the first step (its code not yet loaded); off, the one-page form that says card and PayPal need JavaScript', async ({
    browser,
    baseURL,
  }) => {
    const hint = 'Cartão, PayPal, débito e Open Finance precisam de JavaScript ativado.';
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL! }]);
      await fillCart(context.request, baseURL!);
      const page = await context.newPage();
      // Scripting on but no script arrives: what shows is the server's HTML alone.
      if (javaScriptEnabled) await page.route(/\/build\/.*\.js(\?|$)/, (route) => route.abort());
      await page.goto('/checkout');
      const basicForm = page.locator('form').getByRole('button', { name: 'Finalizar compra' });
      const firstStep = page.getByRole('heading', { level: 1, name: 'Identificação' });
      if (javaScriptEnabled) {
        await expect(firstStep).toBeVisible();
        await expect(page.getByRole('button', { name: 'Continuar como convidado' })).toBeVisible();
        await expect(basicForm).toHaveCount(0);
        await expect(page.locator('.co-nojs-only')).toHaveCount(0);
      } else {
        await expect(basicForm).toBeVisible();
        // Inside <noscript>, which Playwright's text matching skips: the hint is found by its class.
        await expect(page.locator('.co-nojs-only')).toBeVisible();
        await expect(page.locator('.co-nojs-only')).toHaveText(hint);
        await expect(firstStep).toBeHidden();
        await expect(page.getByRole('button', { name: 'Continuar como convidado' })).toBeHidden();
      }
      await context.close();
    }
  });

  test('without JavaScript the one-page form places an order: identification, the CEP quoted, the address and Pix', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL! }]);
    await fillCart(context.request, baseURL!);
    const page = await context.newPage();
    await page.goto('/checkout');
    const field = (name: string) => page.locator(`#co-basic-${name}`);
    await field('nome').fill('Ana Souza');
    await field('email').fill('ana.nojs@example.com');
    await field('cpf').fill('529.982.247-25');
    await field('cep').fill('01310-100');
    await page.getByRole('button', { name: 'Calcular frete' }).click();
    // The quote came back in the same form, what was typed kept.
    await expect(field('nome')).toHaveValue('Ana Souza');
    await page.locator('[data-testid="shipping-option"][data-type="normal"] input').first().check();
    await field('rua').fill('Avenida Paulista');
    await field('numero').fill('1000');
    await field('bairro').fill('Bela Vista');
    await field('cidade').fill('São Paulo');
    await field('uf').fill('SP');
    await page.locator('input[name="pagamento"][value="pix"]').check();
    await page.locator('form').getByRole('button', { name: 'Finalizar compra' }).click();
    await expect(page).not.toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Pedido|pedido/);
    await context.close();
  });
});
