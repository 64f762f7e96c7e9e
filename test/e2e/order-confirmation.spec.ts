import type { Page } from '@playwright/test';
import { DEBIT_CARD, placeOrder } from './order-helpers';
import { expect, hydrated, test } from './fixtures';

async function purchases(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === 'purchase'),
  );
}

test.describe('order confirmation', () => {
  test('Pix: QR and copy-paste code, copy button, purchase fired once, simulated payment → paid', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 47 });
    expect(order.redirect).toMatch(/^\/checkout\/order\/\d+\?token=[A-Za-z0-9_-]{43}$/);
    const response = await page.goto(order.redirect);
    expect(response!.headers()['referrer-policy']).toBe('no-referrer');
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedido recebido!');
    await expect(page.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola')).toHaveValue(order.next.payload!);
    await page.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.next.payload);
    await expect.poll(() => purchases(page)).toHaveLength(1);
    expect(
      ((await purchases(page))[0] as { ecommerce: { transaction_id: string; value: number } }).ecommerce,
    ).toMatchObject({ transaction_id: String(order.orderIds[0]), value: order.total / 100 });
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.order-tracker')).toContainText('Assim que o pagamento for confirmado');
    expect(await purchases(page)).toHaveLength(0);
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
    await expect(page.getByText('Pagamento aprovado (Pix)')).toBeVisible();
  });

  test('the page notices a payment made elsewhere (status polling)', async ({ page, context, baseURL }) => {
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 47 });
    await page.goto(order.redirect);
    await hydrated(page);
    const reference = order.next.payload!.match(/0525(VTR[A-Z0-9]{22})6304/)![1]!;
    const paid = await context.request.post('/api/payments/sandbox', {
      headers: { origin: baseURL! },
      data: { reference, action: 'pay' },
    });
    expect(paid.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!', { timeout: 15_000 });
  });

  test('boleto: linha digitável, copy and the printable boleto', async ({ page, context, baseURL }) => {
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 6 });
    await page.goto(order.redirect);
    await hydrated(page);
    await expect(page.getByLabel('Linha digitável')).toHaveText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Imprimir boleto' }).click(),
    ]);
    await expect(popup.getByRole('heading', { name: 'Boleto bancário' })).toBeVisible();
    await expect(popup.getByLabel('Código de barras')).toHaveText(/^\d{44}$/);
    await popup.close();
  });

  test('debit: the 3-D Secure step takes the code and returns to the paid order', async ({
    page,
    context,
    baseURL,
  }) => {
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 31, ...DEBIT_CARD });
    expect(order.next.kind).toBe('redirect');
    await page.goto(order.next.url!);
    await page.getByLabel('Código enviado pelo banco').fill('1234');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/order/${order.orderIds[0]}\\?token=`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compra confirmada!');
  });
});
