import { expect, test } from './fixtures';
import { choose, fillCart, openCheckout, registerCustomer, toReview } from './checkout-helpers';

/** A phone: the message and its login action must fit 375 px. */
test.use({ viewport: { width: 375, height: 812 } });

/** "Finalizar compra" at Revisão says the session expired and offers "Entrar novamente": the login modal, then back to the checkout. */
test.describe('checkout: the session ends at Revisão', () => {
  test('the expired session offers a login right at the button', async ({ page, context, baseURL, consoleErrors }) => {
    const { email, name } = await registerCustomer(page, baseURL!);
    await fillCart(page.request, baseURL!);
    await openCheckout(page);
    await page.getByRole('button', { name: 'Continuar para a entrega' }).click();
    await page.locator('[data-testid="shipping-option"][data-type="normal"]').first().click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
    await choose(page, 'Pix');
    await toReview(page);

    await context.clearCookies({ name: 'token' });
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    const problem = page.getByTestId('review-problem');
    await expect(problem).toContainText('Sua sessão expirou. Faça login novamente.');
    await expect(problem).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ]);
    consoleErrors.length = 0;

    await problem.getByRole('button', { name: 'Entrar novamente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-mail ou CPF').fill(email);
    await dialog.getByLabel('Senha').fill('senhaForte123');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    // Signed in again, the checkout resumes where a reload resumes (client/islands/checkout/step-history.ts): at
    // Entrega, with the customer's saved address chosen.
    await expect(page.getByRole('heading', { level: 1, name: 'Entrega' })).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^${name} Avenida Paulista`) })).toBeChecked();
    // Identificação says who is buying.
    await page.getByRole('button', { name: '1. Identificação (alterar)' }).click();
    await expect(page.getByText(`Você está comprando como ${name}.`)).toBeVisible();
  });
});
