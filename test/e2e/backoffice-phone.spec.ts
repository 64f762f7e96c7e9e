import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { operatorPage, signInOperatorAt } from './backoffice-helpers';

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
