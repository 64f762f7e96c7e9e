import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** A valid CPF (textbook check digits) from nine base digits. */
function cpfFrom(base: string): string {
  const digit = (d: string) => {
    const r = [...d].reduce((acc, c, i) => acc + Number(c) * (d.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  return base + first + digit(base + first);
}

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

test('register → logout → login → favorite → favorites page → addresses → password reset', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `e2e${stamp}@example.com.br`;
  const password = 'senhaForte123';
  const cpf = cpfFrom(String(stamp).slice(-9));
  const events = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event),
    );

  // Register (island: JSON to /api/register, then the account page).
  await page.goto('/cadastro');
  await hydrated(page);
  await fill(page, {
    'Nome completo': 'Carla Teste Silva',
    'E-mail': email,
    CPF: cpf,
    'Celular com DDD': '11987654321',
    'Data de nascimento': '1992-03-04',
    Senha: password,
  });
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByText('Olá, Carla!')).toBeVisible();

  // Logout (plain form post), the account area now asks for a login.
  // The page's own signed-in reads (favorites, made once the page hydrates on the first interaction; the page
  // marks itself hydrated once they are done) finish first: one still in flight at logout is rightly a 401.
  await hydrated(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/minha-conta/favoritos');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fminha-conta%2Ffavoritos$/);

  // Login by CPF on the login page goes back to the page that asked for it.
  await hydrated(page);
  await page
    .getByLabel('E-mail ou CPF')
    .fill(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/favoritos$/);
  await expect(page.getByText('Você ainda não salvou favoritos.')).toBeVisible();

  // Favorite a product on its page.
  const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string; name: string }[];
  };
  const product = listing.products[0]!;
  await page.goto(`/${product.slug}/p`);
  await hydrated(page);
  const heart = page.getByTestId('favorite-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(events).toContain('add_to_wishlist');
  expect(await events()).not.toContain('login'); // a full load after login starts a new dataLayer

  await page.goto('/minha-conta/favoritos');
  await expect(page.getByTestId('favorite-card')).toHaveCount(1);
  await expect(page.getByTestId('favorite-card')).toContainText(product.name);
  // Saved before a size was chosen: no size shown, the card asks for one and leads to the product in its colour.
  const card = page.getByTestId('favorite-card');
  await expect(card).not.toContainText('Tamanho');
  await card.getByRole('link', { name: `Escolha o tamanho de ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${product.slug}/p\\?cor=[a-z0-9-]+$`));
  await hydrated(page);
  await expect(page.getByTestId('add-to-cart')).toHaveText('Selecione um tamanho');
  const size = page.locator('button.pdp-size:not([disabled])').first();
  const chosen = (await size.getAttribute('data-size'))!;
  await size.click();
  await expect(size).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('add-to-cart')).toBeEnabled();
  // Saved again with that size (off, then on): the favourites page keeps the size.
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('aria-busy', 'false');
  await page.goto('/minha-conta/favoritos');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Tamanho ${chosen}`);
  await expect(card.getByRole('link', { name: /Escolha o tamanho/ })).toHaveCount(0);

  // Add an address (CEP fills street, district, city and state), then edit it.
  await page.goto('/minha-conta/enderecos');
  await hydrated(page);
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByLabel('Rua')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Cidade', { exact: true })).toHaveValue('São Paulo');
  await expect(page.getByLabel('Estado')).toHaveValue('SP');
  await page.getByLabel('Número').fill('1000');
  await page.getByRole('button', { name: 'Adicionar endereço' }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(page.getByTestId('address-card')).toContainText('Avenida Paulista, 1000');
  await expect(page.getByTestId('address-card')).toContainText('Padrão');
  await page.getByRole('link', { name: /Editar endereço/ }).click();
  await expect(page.getByRole('heading', { name: 'Editar endereço' })).toBeVisible();
  await page.getByLabel('Número').fill('1500');
  await page.getByLabel('Complemento (opcional)').fill('conjunto 42');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByTestId('address-card')).toContainText('Avenida Paulista, 1500 – conjunto 42');

  // Password reset through the outbox: log out, ask for a link, follow it, log in with the new password.
  // The page's own signed-in reads (favorites, made once the page hydrates on the first interaction; the page
  // marks itself hydrated once they are done) finish first: one still in flight at logout is rightly a 401.
  await hydrated(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.goto('/esqueci-senha');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('você receberá um link para criar uma nova senha')).toBeVisible();
  await page.goto('/dev/outbox');
  const mail = page.getByTestId('outbox-mail').filter({ hasText: email }).first();
  await mail.getByRole('link', { name: /redefinir-senha/ }).click();
  await page.getByLabel('Nova senha').fill('novaSenha456');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
  await page.getByRole('link', { name: 'Entrar' }).click();
  await hydrated(page);
  await page.getByLabel('E-mail ou CPF').fill(email);
  await page.getByLabel('Senha').fill('novaSenha456');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByText('Olá, Carla!')).toBeVisible();
});

test('the heart without a session opens the login modal; Escape closes it', async ({ page }) => {
  const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  await page.goto(`/${listing.products[1]!.slug}/p`);
  await hydrated(page);
  await page.getByTestId('favorite-toggle').click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('E-mail ou CPF')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('/cadastro sent empty: each invalid field marked with its own message, focus on the first', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/cadastro');
  await hydrated(page);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  const name = page.getByRole('textbox', { name: 'Nome completo' });
  await expect(name).toBeFocused();
  for (const [label, message] of [
    ['Nome completo', 'Informe seu nome completo.'],
    ['E-mail', 'Informe um e-mail válido.'],
    ['CPF', /CPF/],
  ] as const) {
    const field = page.getByRole('textbox', { name: label, exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Confira os campos destacados.' })).toBeVisible();
  // The refused POST is the browser's own console line, not a page error.
  const refused = consoleErrors.findIndex((e) => /status of 400/.test(e));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
});
