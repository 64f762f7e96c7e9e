import type { Browser, Page } from '@playwright/test';
import { expect, hydrated } from './fixtures';
import { expectConfirmation, fillCart, fillCard, openCheckout, registerCustomer, toReview } from './checkout-helpers';

// The seeded demo operator (src/db/seed/operator.ts, README).
export const OPERATOR = { email: 'operador@vitrine.dev', password: 'Painel@2026' };

/** The operator's own browser (a second context), with the same defaults as the fixtures and its console watched. */
export async function operatorPage(browser: Browser, baseURL: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => (msg.type() === 'error' ? errors.push(msg.text()) : undefined));
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** A signed-in customer's card order (paid), through the checkout UI; returns its id. */
export async function paidOrder(page: Page, baseURL: string): Promise<number> {
  const { email } = await registerCustomer(page, baseURL);
  await fillCart(page.request, baseURL);
  await openCheckout(page);
  await page.getByRole('button', { name: 'Continuar para a entrega' }).click();
  // The normal option of every package (the cart may ship from more than one store).
  const normal = '[data-testid="shipping-option"][data-type="normal"]';
  await expect(page.locator(normal).first()).toBeVisible();
  const stores = await page
    .locator(normal)
    .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-store')))]);
  for (const store of stores) await page.locator(`${normal}[data-store="${store}"]`).first().click();
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await fillCard(page, '5448 2800 0000 0007');
  await toReview(page);
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  const { ids } = await expectConfirmation(page, email);
  return ids[0]!;
}

/** The operator signs in from the back office's login redirect and lands on `path`. */
export async function signInOperatorAt(op: Page, path: string): Promise<void> {
  await op.goto(path);
  await expect(op).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  await hydrated(op);
  await op.getByLabel('E-mail ou CPF').fill(OPERATOR.email);
  await op.getByLabel('Senha').fill(OPERATOR.password);
  await op.getByRole('button', { name: 'Entrar' }).click();
  await expect(op).toHaveURL(new RegExp(`${path}$`));
}

/** On a paid order's back-office page: paid → invoiced → shipped (tracking code) → delivered. */
export async function deliver(op: Page): Promise<void> {
  await op.getByRole('button', { name: 'Emitir nota fiscal' }).click();
  await expect(op.getByText('Alterações salvas.')).toBeVisible();
  await op.getByLabel('Código de rastreio').fill('QB123456789BR');
  await op.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(op.getByText('Código de rastreio: QB123456789BR')).toBeVisible();
  await op.getByRole('button', { name: 'Marcar como entregue' }).click();
  await expect(op.getByText('Situação: Entregue')).toBeVisible();
}

/**
 * A signed-in customer's paid order, delivered by the operator (their own browser, left open on the order's
 * back-office page for more steps; the caller closes it).
 */
export async function deliveredOrder(
  page: Page,
  browser: Browser,
  baseURL: string,
): Promise<{ orderId: number; op: Page; errors: string[] }> {
  const orderId = await paidOrder(page, baseURL);
  const { page: op, errors } = await operatorPage(browser, baseURL);
  await signInOperatorAt(op, `/painel/pedidos/${orderId}`);
  await deliver(op);
  return { orderId, op, errors };
}
