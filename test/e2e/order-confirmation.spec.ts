import type { Locator, Page } from '@playwright/test';
import { registerCustomer } from './checkout-helpers';
import { DEBIT_CARD, placeOrder } from './order-helpers';
import { expect, hydrated, keepScreenshot, test } from './fixtures';

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
    // The box's heading sits at its padding, not a page section's margin lower (a 72 px empty band above it).
    const gap = await page.locator('#pix-title').evaluate((h) => {
      const box = h.closest('.payment-box')!;
      return (
        h.getBoundingClientRect().top - box.getBoundingClientRect().top - parseFloat(getComputedStyle(box).paddingTop)
      );
    });
    expect(gap).toBeLessThanOrEqual(2);
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
    // The page's clock runs as a real one, and is moved on by the polling interval instead of waiting it out.
    await page.clock.install();
    await page.goto(order.redirect);
    await hydrated(page);
    const reference = order.next.payload!.match(/0525(VTR[A-Z0-9]{22})6304/)![1]!;
    const paid = await context.request.post('/api/payments/sandbox', {
      headers: { origin: baseURL! },
      data: { reference, action: 'pay' },
    });
    expect(paid.status()).toBe(200);
    await page.clock.fastForward(5000);
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

/** How many lines a element's own first text node takes. */
const textLines = (el: Locator) =>
  el.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node.firstChild!);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });

/** The checkout summary's layout: thumbnail, name on ≤ 2 lines, totals one row per line (label left, value right). */
async function expectSummaryLayout(page: Page): Promise<void> {
  const item = page.getByTestId('order-item').first();
  await expect(item.locator('img')).toBeVisible();
  expect(await textLines(item.locator('.co-summary__name a, .co-summary__name').last())).toBeLessThanOrEqual(2);
  // The bug: details squeezed into a ~90 px column.
  expect((await item.locator('.co-summary__name small').boundingBox())!.width).toBeGreaterThan(150);
  const rows = await page
    .getByTestId('order-totals')
    .locator(':scope > div')
    .evaluateAll((divs) =>
      divs.map((div) => {
        const box = div.getBoundingClientRect();
        const label = div.querySelector('dt')!.getBoundingClientRect();
        const value = div.querySelector('dd')!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, right: box.right, label, value };
      }),
    );
  expect(rows.length).toBeGreaterThanOrEqual(3);
  // The item's price lines up with the totals' amounts.
  const price = (await item.locator('.co-summary__price').boundingBox())!;
  expect(Math.abs(price.x + price.width - rows[0]!.right)).toBeLessThanOrEqual(1);
  for (const [i, row] of rows.entries()) {
    if (i > 0) expect(row.top).toBeGreaterThanOrEqual(rows[i - 1]!.bottom - 1);
    expect(row.label.right).toBeLessThan(row.value.left);
    expect(Math.abs(row.value.right - row.right)).toBeLessThanOrEqual(1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.describe('order items and totals layout', () => {
  test('order confirmation at 375 px and 1366 px: the checkout summary layout, no overflow', async ({
    page,
    baseURL,
  }) => {
    const order = await placeOrder(page.request, baseURL!, { paymentMethodId: 6 });
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(order.redirect);
      await hydrated(page);
      await expect(page.getByText(/entrega em até \d+ dias? út(il|eis) em São Paulo\/SP\./)).toBeVisible();
      await keepScreenshot(page, `test-results/screens/order-confirmation-${width}.png`, { fullPage: true });
      await expectSummaryLayout(page);
    }
  });

  test('"Minha conta" order detail at 375 px: the same layout', async ({ page, baseURL }) => {
    await registerCustomer(page, baseURL!);
    const order = await placeOrder(page.request, baseURL!, { paymentMethodId: 6 });
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`/minha-conta/pedidos/${order.orderIds[0]}`);
    await hydrated(page);
    await keepScreenshot(page, 'test-results/screens/account-order-375.png', { fullPage: true });
    await expectSummaryLayout(page);
  });
});
