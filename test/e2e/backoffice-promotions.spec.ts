import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures';
import { operatorPage, signInOperatorAt } from './backoffice-helpers';
import { fillCart } from './checkout-helpers';

/**
 * Issue 31 (ADR 0031): at 375 px, the back office creates a coupon limited to 10 uses from /painel/cupons without JS
 * (a plain form post), and a shopper's bag applies it on the next request. The limit under concurrent orders is the
 * worker tier's (test/worker/promotions-admin.test.ts).
 */
test('a coupon created in the back office applies in a shopper\'s bag (375 px)', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const { page: op, errors } = await operatorPage(browser, baseURL!);
  await op.setViewportSize({ width: 375, height: 812 });
  await signInOperatorAt(op, '/painel/cupons');
  await op.getByRole('link', { name: 'Novo cupom' }).click();
  await op.getByLabel('Código').fill(code);
  await op.getByLabel('Valor (% ou R$)').fill('15');
  await op.getByLabel('Limite de usos (vazio: sem limite)').fill('10');
  await op.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(op.getByText('Salvo. A sacola já aplica a alteração.')).toBeVisible();
  await expect(op.getByTestId('coupon-usage')).toContainText('Usos: 0 de 10');
  // A new page type (the coupon form): axe on its own content.
  const axe = await new AxeBuilder({ page: op }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(errors).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  await fillCart(page.request, baseURL!);
  await page.goto('/sacola');
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Cupom de desconto' }).fill(code);
  await page.getByRole('button', { name: 'Aplicar cupom de desconto' }).click();
  await expect(page.getByTestId('cart-coupon-applied')).toHaveText(code);
});
