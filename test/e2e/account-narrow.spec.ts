import { deliveredOrder } from './backoffice-helpers';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const ACCOUNT_PAGES = [
  '/minha-conta',
  '/minha-conta/perfil',
  '/minha-conta/pedidos',
  '/minha-conta/enderecos',
  '/minha-conta/favoritos',
  '/minha-conta/cashback',
  '/minha-conta/trocas-devolucoes',
  '/minha-conta/vendas',
];

test('every "Minha conta" page fits a 375 px phone with an order, a cashback entry and an exchange request', async ({ page, browser, baseURL }) => {
  test.slow(); // a card order through the checkout, then the operator delivers it
  const { orderId, op, errors } = await deliveredOrder(page, browser, baseURL!);
  expect(errors, 'operator console errors').toEqual([]);
  await op.context().close();

  // An exchange request on the delivered order.
  await page.goto('/minha-conta/trocas-devolucoes');
  const form = page.getByRole('form', { name: new RegExp(`Pedido nº ${orderId}`) });
  await form.locator('select').first().selectOption('1');
  await form.getByLabel('Troca', { exact: true }).check();
  await form.getByLabel('Motivo').fill('Ficou pequeno');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('Solicitação registrada. Acompanhe a situação aqui.')).toBeVisible();
  await expect(page.getByTestId('exchange-card')).toHaveCount(1);

  for (const path of [...ACCOUNT_PAGES, `/minha-conta/pedidos/${orderId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.endsWith('/pedidos')) await expect(page.getByTestId('order-row')).toHaveCount(1);
    if (path.endsWith('/cashback')) await expect(page.getByTestId('cashback-entry')).not.toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
  }
});
