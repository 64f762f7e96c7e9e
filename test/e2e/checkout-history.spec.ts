import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';
import { deliverHome, fillCart, identifyAsGuest, quoteCep, registerCustomer } from './checkout-helpers';

/**
 * Outside walk at 375 px (M2, M3): a fresh load of /checkout showed the no-JS form until the first tap swapped it
 * for the steps, and the browser's Back on any step left the checkout. Nothing here interacts with the page before
 * asserting what it shows: the steps must be there without a tap (server-rendered: the island's code loads on the
 * first interaction, issue 26's budget of 75 KB before it).
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The step heading is shown and has focus, with nothing of the no-JS form left and no interaction needed. */
async function atStep(page: Page, name: string): Promise<void> {
  await expect(heading(page, name)).toBeVisible();
  await expect(heading(page, name)).toBeFocused();
  await expect(page.locator('#co-basic-nome, #co-basic-cep')).toHaveCount(0);
}

/**
 * After a load, a reload or a history move, untouched: the steps are on screen (the server's, nothing of the no-JS
 * form), and their code has not loaded: that waits for the first interaction.
 */
async function stepsUntouched(page: Page): Promise<void> {
  await expect(heading(page, 'Identificação')).toBeVisible();
  await expect(page.locator('#co-basic-nome, #co-basic-cep')).toHaveCount(0);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
}

/** A cart (and a signed-in customer when asked), then a fresh load of /checkout (after `from`), at its first step. */
async function openFresh(
  page: Page,
  baseURL: string,
  opts: { signedIn?: boolean; from?: string } = {},
): Promise<string | null> {
  const customer = opts.signedIn ? await registerCustomer(page, baseURL) : null;
  await fillCart(page.request, baseURL);
  if (opts.from) await page.goto(opts.from);
  await page.goto('/checkout');
  await stepsUntouched(page);
  await expect(heading(page, 'Identificação')).toBeVisible();
  return customer?.name ?? null;
}

const normalOption = (page: Page) => page.locator('[data-testid="shipping-option"][data-type="normal"] input').first();

test.describe('checkout: fresh loads and the browser history', () => {
  test('a reload of /checkout shows the steps at once for a signed-in shopper; saved address and every method follow', async ({
    page,
    baseURL,
  }) => {
    const name = await openFresh(page, baseURL!, { signedIn: true });
    await page.reload();
    // No tap, no key: the steps are there.
    await stepsUntouched(page);
    await expect(heading(page, 'Identificação')).toBeVisible();
    await expect(page.getByText(`Você está comprando como ${name}.`)).toBeVisible();
    await expect(page.locator('#co-basic-cep')).toHaveCount(0);
    await keepScreenshot(page, test.info().outputPath('reloaded.png'));
    // The first tap lands on the steps: nothing swaps under it.
    await page.getByRole('button', { name: 'Continuar para a entrega' }).tap();
    await atStep(page, 'Entrega');
    await expect(page.getByTestId('saved-address')).toHaveCount(1);
    await expect(page.getByTestId('saved-address').locator('input')).toBeChecked();
    await normalOption(page).check();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await atStep(page, 'Pagamento');
    for (const method of ['Cartão de crédito', 'Pix', 'Boleto bancário'])
      await expect(page.getByRole('radio', { name: new RegExp(`^${method}`) })).toHaveCount(1);
    expect(await page.getByRole('radio').count()).toBeGreaterThan(2);
    await keepScreenshot(page, test.info().outputPath('payment.png'));
  });

  test('a reload after typing into the steps and a Back into the checkout from another document show the steps', async ({
    page,
    baseURL,
  }) => {
    await openFresh(page, baseURL!);
    await page.getByLabel('Nome completo', { exact: true }).fill('Ana Souza');
    await page.getByLabel('E-mail', { exact: true }).fill('ana.e2e@example.com');
    // Chromium restores typed values into a reloaded page's fields: they are not the shopper typing into the no-JS form.
    await page.reload();
    await stepsUntouched(page);
    await expect(heading(page, 'Identificação')).toBeVisible();
    await expect(page.locator('#co-basic-nome')).toHaveCount(0);
    await page.goto('/moda-praia');
    await page.goBack();
    await expect(page).toHaveURL(/\/checkout$/);
    await stepsUntouched(page);
    await expect(heading(page, 'Identificação')).toBeVisible();
    await expect(page.locator('#co-basic-nome')).toHaveCount(0);
  });

  test('Back and Forward walk the steps; Back from the first step leaves the checkout and Forward comes back to it', async ({
    page,
    baseURL,
  }) => {
    await openFresh(page, baseURL!, { from: '/sacola' });
    await identifyAsGuest(page);
    await quoteCep(page);
    await deliverHome(page);
    await atStep(page, 'Pagamento');
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await page.getByLabel('CVV', { exact: true }).fill('123');

    await page.goBack();
    await atStep(page, 'Entrega');
    await expect(normalOption(page)).toBeChecked();
    await expect(page.getByLabel('Rua', { exact: true })).toHaveValue('Avenida Paulista');
    await keepScreenshot(page, test.info().outputPath('back-to-delivery.png'), { fullPage: true });

    await page.goForward();
    await atStep(page, 'Pagamento');

    // Card data is never written to the history entry nor to storage.
    const kept = await page.evaluate(() => JSON.stringify([history.state, { ...sessionStorage }, { ...localStorage }]));
    expect(kept).not.toContain('4111');
    expect(kept).not.toContain('123"');

    await page.goBack();
    await atStep(page, 'Entrega');
    await page.goBack();
    await atStep(page, 'Identificação');
    await expect(page.getByLabel('Nome completo', { exact: true })).toHaveValue('Ana Souza');
    await page.goBack();
    await expect(page).toHaveURL(/\/sacola$/);

    // Forward into the checkout again: a fresh page, at its first step.
    await page.goForward();
    await expect(page).toHaveURL(/\/checkout$/);
    await stepsUntouched(page);
    await expect(heading(page, 'Identificação')).toBeVisible();
  });

  test('a signed-in shopper reloading on the payment step resumes at the delivery with the shipping choice kept', async ({
    page,
    baseURL,
  }) => {
    await openFresh(page, baseURL!, { signedIn: true });
    await page.getByRole('button', { name: 'Continuar para a entrega' }).click();
    await atStep(page, 'Entrega');
    await expect(page.getByTestId('saved-address').locator('input')).toBeChecked();
    await normalOption(page).check();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await atStep(page, 'Pagamento');
    await page.reload();
    // Its history entry is at a later step: the island loads at once and resumes there, not under the first tap.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await atStep(page, 'Entrega');
    await expect(normalOption(page)).toBeChecked();
    await keepScreenshot(page, test.info().outputPath('reloaded-delivery.png'), { fullPage: true });
    // Back from the resumed step goes to the identification, still in the checkout.
    await page.goBack();
    await atStep(page, 'Identificação');
    await expect(page).toHaveURL(/\/checkout$/);
  });
});
