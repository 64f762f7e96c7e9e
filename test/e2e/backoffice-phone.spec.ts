import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { OPERATOR, operatorPage, paidOrder, signInOperatorAt } from './backoffice-helpers';

const PHONE = { width: 375, height: 812 };

/** The page scrolls sideways when its document is wider than the viewport. */
const scrollWidth = (op: Page) => op.evaluate(() => document.documentElement.scrollWidth);

test('at 375 px the section menu is one row: every section’s h1 is in the first screen; keyboard reaches each entry; desktop keeps the column', async ({
  browser,
  baseURL,
}) => {
  const { page: op, errors } = await operatorPage(browser, baseURL!);
  await op.setViewportSize(PHONE);
  await signInOperatorAt(op, '/painel/pedidos');
  for (const path of ['/painel/pedidos', '/painel/produtos', '/painel/estoque', '/painel/cupons', '/painel/equipe']) {
    await op.goto(path);
    const h1 = (await op.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(h1.y + h1.height, `${path}: h1 bottom`).toBeLessThanOrEqual(PHONE.height);
    expect(await scrollWidth(op), `${path}: page width`).toBeLessThanOrEqual(PHONE.width);
  }
  // The last entry is off to the right until the keyboard reaches it; focused, it scrolls into view.
  const nav = op.getByRole('navigation', { name: 'Painel da loja' });
  const last = nav.getByRole('link').last();
  await last.focus();
  const box = (await last.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // Desktop: the entries stay one under the other.
  await op.setViewportSize({ width: 1366, height: 768 });
  const [first, second] = [
    (await nav.getByRole('link').nth(0).boundingBox())!,
    (await nav.getByRole('link').nth(1).boundingBox())!,
  ];
  expect(second.y).toBeGreaterThan(first.y);
  expect(second.x).toBe(first.x);
  expect(errors).toEqual([]);
  await op.context().close();
});

test('at 375 px each order card names its values, the search placeholder shows whole, and a product’s photo form fits', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const orderId = await paidOrder(page, baseURL!);
  const { page: op, errors } = await operatorPage(browser, baseURL!);
  await op.setViewportSize(PHONE);
  await signInOperatorAt(op, '/painel/pedidos');
  // The search box's placeholder shows whole: typed into the box, the same text does not overflow it.
  const cut = await op.locator('#backoffice-q').evaluate((input: HTMLInputElement) => {
    input.value = input.placeholder;
    const overflow = input.scrollWidth - input.clientWidth;
    input.value = '';
    return overflow;
  });
  expect(cut, 'placeholder overflow (px)').toBeLessThanOrEqual(0);
  const row = op.locator('[data-testid="backoffice-order-row"]', { hasText: `Nº ${orderId}` });
  for (const label of ['Data', 'Cliente', 'Itens', 'Total', 'Pagamento', 'Situação']) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeVisible();
    const before = await cell.evaluate((td) => getComputedStyle(td, '::before').content);
    expect(before, `${label} shown before its value`).toBe(`"${label}: "`);
  }
  // A product's form with its photo upload does not scroll sideways.
  await op.goto('/painel/produtos');
  await op.locator('[data-testid="product-row"] a').first().click();
  await expect(op.getByTestId('photo-form')).toBeVisible();
  const wide = await op.evaluate(
    (width) =>
      Array.from(document.querySelectorAll('.backoffice, .backoffice *'))
        .filter((el) => !el.closest('nav') && el.getBoundingClientRect().right > width)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().width)}`)
        .slice(0, 8),
    PHONE.width,
  );
  expect(await scrollWidth(op), `wider than the phone: ${wide.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
  expect(errors).toEqual([]);
  await op.context().close();
});

test('a staff member signing in at /login (no redirect asked for) lands on the back office', async ({
  browser,
  baseURL,
}) => {
  const { page: op, errors } = await operatorPage(browser, baseURL!);
  await op.goto('/login');
  await hydrated(op);
  await op.getByLabel('E-mail ou CPF').fill(OPERATOR.email);
  await op.getByLabel('Senha').fill(OPERATOR.password);
  await op.getByRole('button', { name: 'Entrar' }).click();
  await expect(op).toHaveURL(/\/painel(\/pedidos)?$/);
  expect(errors).toEqual([]);
  await op.context().close();
});
