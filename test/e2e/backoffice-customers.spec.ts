import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures';
import { operatorPage } from './backoffice-helpers';
import { registerCustomer } from './checkout-helpers';

/**
 * Issue 31 (ADR 0031): at 375 px, `operacoes` finds a signed-in customer by e-mail in /painel/clientes and erases their
 * personal data (LGPD); the customer's session is over and the login no longer knows them.
 */
test('operacoes erases a customer, who then cannot sign in (375 px)', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const { email } = await registerCustomer(page, baseURL!);
  const { page: op, errors } = await operatorPage(browser, baseURL!);
  await op.setViewportSize({ width: 375, height: 812 });
  await op.goto('/painel/clientes');
  await hydrated(op);
  await op.getByLabel('E-mail ou CPF').fill('operacoes@vitrine.dev');
  await op.getByLabel('Senha').fill('Operacoes@2026');
  await op.getByRole('button', { name: 'Entrar' }).click();
  await expect(op).toHaveURL(/\/painel\/clientes$/);
  await op.locator('#customers-q').fill(email);
  await op.locator('main').getByRole('button', { name: 'Buscar', exact: true }).click();
  await op.getByTestId('customer-row').getByRole('link').click();
  // A new page type (a customer's page with its forms): axe on its own content.
  const axe = await new AxeBuilder({ page: op })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .include('main')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await op.getByLabel('Confirmo o pedido do titular para apagar os dados pessoais').check();
  await op.getByRole('button', { name: 'Apagar dados pessoais' }).click();
  await expect(op.getByText('Dados pessoais apagados. Os pedidos ficam, anonimizados.')).toBeVisible();
  await expect(op.getByTestId('customer-erased')).toBeVisible();
  expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(errors).toEqual([]);

  // The shopper's session ended; signing in again with the same e-mail and password fails.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/minha-conta');
  await expect(page).toHaveURL(/\/login/);
  await hydrated(page);
  await page.getByLabel('E-mail ou CPF').fill(email);
  await page.getByLabel('Senha').fill('senhaForte123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('E-mail, CPF ou senha incorretos.')).toBeVisible();
  // The refused login's 401 is logged by Chromium, and expected.
  const expected = consoleErrors.findIndex((e) => /status of 401/.test(e));
  expect(expected).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(expected, 1);
});
