import { expect, test } from './fixtures';
import { operatorPage } from './backoffice-helpers';

// The seeded demo `catalogo` staff member (src/db/seed/operator.ts, README).
const CATALOGO = { email: 'catalogo@vitrine.dev', password: 'Catalogo@2026' };

/**
 * Issue 30: a `catalogo` staff member creates a product with two colours × two sizes from /painel/produtos (no JS
 * needed), publishes it and receives stock of one SKU; a shopper finds it by search and opens its page. At 1366 px.
 */
test('a catalogo member creates and publishes a product; a shopper finds it in search and on its page (1366 px)', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const word = `zanzibar${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const name = `Vestido ${word[0]!.toUpperCase()}${word.slice(1)}`;
  const { page: staff, errors } = await operatorPage(browser, baseURL!);
  await staff.setViewportSize({ width: 1366, height: 768 });
  // Signed in through the login API (the login form's own walk is test/e2e/staff.spec.ts's): the session cookie lands
  // in this browser context.
  const login = await staff.request.post('/api/login', { data: { login: CATALOGO.email, password: CATALOGO.password }, headers: { origin: baseURL! } });
  expect(login.status()).toBe(200);
  await staff.goto('/painel/produtos/novo');
  await expect(staff.getByRole('heading', { level: 1, name: 'Novo produto' })).toBeVisible();
  await expect(staff.getByText(/· Catálogo$/)).toBeVisible();

  await staff.locator('#product-name').fill(name);
  await staff.locator('#product-slug').fill(`vestido-${word}`);
  await staff.locator('#product-category').selectOption({ index: 1 });
  await staff.locator('#product-description').fill('Vestido leve criado pela equipe de catálogo.');
  await staff.locator('#product-published').check();
  await staff.locator('#new-colors').fill('Azul Petróleo, Terracota');
  await staff.locator('#new-sizes').fill('P, M');
  await staff.locator('#new-price').fill('189,90');
  await staff.getByRole('button', { name: 'Criar produto' }).click();
  await expect(staff.getByText('Produto salvo. A loja mostra a alteração em instantes.')).toBeVisible();
  await expect(staff.locator('input[name^="sku_"]')).toHaveCount(4);
  // A product shows in search once a SKU is in stock: the same member receives 5 units of one at the factory.
  const sku = await staff.locator('input[name="sku_0"]').inputValue();
  await staff.goto(`/painel/estoque/sku/${sku}`);
  await staff.locator('#stock-fabrica-amount').fill('5');
  await staff.locator('#stock-fabrica-reason').selectOption('recebimento');
  await staff.locator('#stock-fabrica-amount').locator('xpath=ancestor::form').getByRole('button', { name: 'Salvar ajuste' }).click();
  await expect(staff.getByText('Ajuste salvo.')).toBeVisible();
  expect(errors).toEqual([]);

  // The shopper searches for it and opens its page.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(async () => {
    await page.goto(`/search?q=${word}`);
    await expect(page.locator(`a[href^="/vestido-${word}/p"]`).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.locator(`a[href^="/vestido-${word}/p"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/vestido-${word}/p`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
