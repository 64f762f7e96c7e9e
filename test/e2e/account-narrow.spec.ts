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

test('every "Minha conta" page fits a 375 px phone with an order, a cashback entry and an exchange request', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // a card order through the checkout, then the operator delivers it
  const { orderId, op, errors } = await deliveredOrder(page, browser, baseURL!);
  expect(errors, 'operator console errors').toEqual([]);
  await op.context().close();

  // An exchange request on the delivered order.
  await page.goto('/minha-conta/trocas-devolucoes');
  const form = page.getByRole('form', { name: new RegExp(`Pedido nº ${orderId}`) });
  await form.locator('select').first().selectOption('1');
  // The refund question is a devolução's; each radio sits on its label's line.
  await form.getByLabel('Devolução').check();
  await expect(form.getByLabel('Forma de pagamento original')).toBeVisible();
  await form.getByLabel('Troca', { exact: true }).check();
  await expect(form.getByLabel('Forma de pagamento original')).toBeHidden();
  for (const label of ['Troca', 'Devolução']) {
    // The label's words start right of the radio, centred on it, and the radio is radio-sized (not a 44 px text field).
    const inline = await form.getByLabel(label, { exact: true }).evaluate((radio) => {
      const words = Array.from(radio.parentElement!.childNodes as ArrayLike<ChildNode>).find(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim(),
      )!;
      const range = document.createRange();
      range.selectNodeContents(words);
      const [r, w] = [radio.getBoundingClientRect(), range.getBoundingClientRect()];
      return w.left >= r.right && Math.abs(w.top + w.bottom - r.top - r.bottom) / 2 <= 4 && r.height <= 24;
    });
    expect(inline, `"${label}" on its radio's line`).toBe(true);
  }
  await form.getByLabel('Motivo').fill('Ficou pequeno');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('Solicitação registrada. Acompanhe a situação aqui.')).toBeVisible();
  await expect(page.getByTestId('exchange-card')).toHaveCount(1);
  await expect(page.getByTestId('exchange-card')).toContainText('Troca nº');
  await expect(page.getByTestId('exchange-card')).not.toContainText('Reembolso');

  for (const path of [...ACCOUNT_PAGES, `/minha-conta/pedidos/${orderId}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.endsWith('/pedidos')) await expect(page.getByTestId('order-row')).toHaveCount(1);
    if (path.endsWith('/cashback')) await expect(page.getByTestId('cashback-entry')).not.toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
  }
});
