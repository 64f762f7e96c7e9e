import AxeBuilder from '@axe-core/playwright';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { operatorPage, signInOperatorAt } from './backoffice-helpers';
import { fillCart, GUEST } from './checkout-helpers';
import { finishCart } from './order-helpers';

const PIX = { paymentMethodId: 47 };

/**
 * `n` in-stock SKUs, each of a size or colour no other one is: every order takes one unit of its own SKU, so no order
 * is refused for stock. From the maiôs, a listing the other specs' API orders never buy from (they take biquínis).
 */
async function distinctSkus(request: APIRequestContext, n: number): Promise<number[]> {
  const listing = (await (await request.get('/api/catalog/listing?slug=moda-praia/maios')).json()) as {
    products: { slug: string }[];
  };
  // Sizes with more than their last units first (another test may be buying a last unit meanwhile).
  const plenty: number[] = [];
  const last: number[] = [];
  for (const { slug } of listing.products) {
    const product = (await (await request.get(`/api/products/${slug}`)).json()) as {
      skus: { productItemId: number; available: boolean; lastUnits: boolean }[];
    };
    for (const sku of product.skus.filter((s) => s.available)) (sku.lastUnits ? last : plenty).push(sku.productItemId);
    if (plenty.length >= n) return plenty.slice(0, n);
  }
  const skus = [...plenty, ...last];
  if (skus.length < n) throw new Error(`only ${skus.length} SKUs in stock among the maiôs`);
  return skus.slice(0, n);
}

/**
 * Issue 31 (ADR 0031): at 375 px, the back office creates a coupon limited to 10 uses from /painel/cupons without JS
 * (a plain form post), and a shopper's bag applies it on the next request; then 49 more shoppers apply it and all 50
 * finish at once: exactly 10 orders carry it, and the back office counts 10 of 10. (The finish-order guard alone,
 * with every cart already holding the code, is the worker tier's: test/worker/promotions-admin.test.ts.)
 */
test("a coupon created in the back office applies in a shopper's bag; of 50 shoppers at once, exactly 10 order with it (375 px)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
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
  const axe = await new AxeBuilder({ page: op })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .include('main')
    .analyze();
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

  // The bag holds one of the 10 uses. 49 more shoppers, each with a cart of its own (its own cookies and client
  // address), apply the code and order at the same moment as this bag.
  const cartId = (await page.context().cookies()).find((c) => c.name === 'cart')!.value;
  const buyers = await Promise.all(
    Array.from({ length: 49 }, (_, i) =>
      apiRequest.newContext({
        baseURL,
        extraHTTPHeaders: { origin: baseURL!, 'cf-connecting-ip': `198.51.100.${i + 10}` },
      }),
    ),
  );
  try {
    const items = await distinctSkus(page.request, buyers.length);
    const carts = await Promise.all(
      buyers.map(async (buyer, i) => {
        const res = await buyer.post('/api/cart', { data: { productItemId: items[i], amount: 1 } });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { hash: string }).hash;
      }),
    );
    const attempts = await Promise.all([
      finishCart(page.request, baseURL!, cartId, PIX, { ...GUEST, email: 'cupom0@example.com.br' }).then((res) => ({
        applied: 200,
        ordered: res.status(),
        message: undefined as string | undefined,
      })),
      ...buyers.map(async (buyer, i) => {
        const applied = await buyer.post('/api/coupon/discount', { data: { coupon: code, shoppingCart: carts[i] } });
        // A shopper told the coupon cannot be used does not order with it.
        if (applied.status() !== 200)
          return {
            applied: applied.status(),
            ordered: 0,
            message: ((await applied.json()) as { error?: string }).error,
          };
        return {
          applied: 200,
          ordered: (
            await finishCart(buyer, baseURL!, carts[i]!, PIX, { ...GUEST, email: `cupom${i + 1}@example.com.br` })
          ).status(),
        };
      }),
    ]);
    expect(
      attempts.filter((a) => a.ordered === 200),
      JSON.stringify(attempts.filter((a) => a.applied === 200)),
    ).toHaveLength(10);
    expect(attempts.filter((a) => a.applied === 200).map((a) => a.ordered)).toEqual(Array(10).fill(200));
    const refused = attempts.filter((a) => a.applied !== 200);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((a) => `${a.applied} ${a.message}`)).size).toBe(1);
    expect(refused[0]!.applied).toBe(422);
  } finally {
    await Promise.all(buyers.map((b) => b.dispose()));
  }
  await op.reload();
  await expect(op.getByTestId('coupon-usage')).toContainText('Usos: 10 de 10');
  expect(errors).toEqual([]);
});
