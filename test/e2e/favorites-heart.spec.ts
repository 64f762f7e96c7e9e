import type { APIRequestContext, Page } from '@playwright/test';
import { cpfFrom } from './checkout-helpers';
import { expect, hydrated, test } from './fixtures';

const PASSWORD = 'senhaForte123';

/** A customer registered through `request` (its cookies: the page signed in when it is the page's own). */
async function register(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = `coracao${Date.now()}${Math.floor(Math.random() * 1000)}@example.com.br`;
  const registered = await request.post('/api/register', {
    headers: {
      origin: baseURL,
      'content-type': 'application/json',
      'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    },
    data: {
      name: 'Cora Favorita Lima',
      email,
      cpf: cpfFrom(String(Date.now()).slice(-9)),
      password: PASSWORD,
      phone: '11987654321',
      birthDate: '1990-05-06',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return email;
}

async function productPath(page: Page, index: number): Promise<string> {
  const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia/biquinis')).json()) as {
    products: { slug: string }[];
  };
  return `/${listing.products[index]!.slug}/p`;
}

/**
 * The favourites list answers 2 s late, and the server reads it before a save or removal runs (held until then):
 * the list, answered last, does not know about the change.
 */
async function slowList(page: Page): Promise<{ lists: () => number }> {
  let lists = 0;
  let read!: () => void;
  const listRead = new Promise<void>((resolve) => (read = resolve));
  await page.route(/\/api\/favorites\?pdc=false$/, async (route) => {
    lists += 1;
    const answer = await route.fetch();
    read();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.fulfill({ response: answer });
  });
  await page.route(/\/api\/favorites(\/\d+)?$/, async (route) => {
    await listRead;
    await route.continue();
  });
  return { lists: () => lists };
}

const savedIds = async (page: Page) =>
  ((await (await page.request.get('/api/favorites?pdc=false')).json()) as { ids: number[] }).ids;

test('signed in, the heart as the first interaction while the favourites list is slow: it stays saved, after a reload too', async ({
  page,
  baseURL,
}) => {
  await register(page.request, baseURL!);
  const path = await productPath(page, 2);
  // The list leaves right with the save (the app loads on this tap) and answers after it, without the new favourite.
  const { lists } = await slowList(page);
  await page.goto(path);
  const heart = page.getByTestId('favorite-toggle');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page.getByText('Salvo nos favoritos!')).toBeVisible();
  // Hydrated means the slow list has answered too.
  await hydrated(page);
  expect(lists()).toBe(1);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.unrouteAll();
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await hydrated(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await savedIds(page)).toHaveLength(1);

  // Removing it the same way: the slow list (that still has it) does not bring it back.
  await slowList(page);
  await page.reload();
  await heart.click();
  await expect(page.getByText('Removido dos favoritos.')).toBeVisible();
  await hydrated(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.unrouteAll();
  await page.reload();
  await hydrated(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(await savedIds(page)).toEqual([]);
});

test('a heart tapped logged out is saved once the login modal signs in', async ({ page, request, baseURL }) => {
  // Registered elsewhere: this page stays logged out.
  const email = await register(request, baseURL!);
  const path = await productPath(page, 3);
  await page.goto(path);
  await hydrated(page);
  const heart = page.getByTestId('favorite-toggle');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await dialog.getByLabel('E-mail ou CPF').fill(email);
  await dialog.getByLabel('Senha').fill(PASSWORD);
  const saved = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/favorites');
  // After the save the page loads again in full (client/islands/account/after-login.ts): its URL is the same one,
  // so only the new document's load tells it has happened (a reload before that races the navigation).
  const landed = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await saved;
  await landed;
  // Back on the product page (the ride-along key taken off), its heart pressed.
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await hydrated(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await savedIds(page)).toHaveLength(1);
  // Once: a reload saves nothing again (and opens no login).
  await page.reload();
  await hydrated(page);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog).toBeHidden();
  expect(await savedIds(page)).toHaveLength(1);
});

/**
 * The sign-up form's requests come from an address of their own: registrations are limited per client (10 in 15
 * minutes, ADR 0011), and every browser of the suite is the same local client otherwise.
 */
const ownAddress = (page: Page) =>
  page.setExtraHTTPHeaders({ 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250) + 1}` });

test("a heart tapped logged out is saved once the shopper signs up from the login dialog's 'Cadastre-se'", async ({
  page,
}) => {
  await ownAddress(page);
  const path = await productPath(page, 4);
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('favorite-toggle').click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await dialog.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/cadastro\?redirect=/);
  await hydrated(page);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  for (const [label, value] of Object.entries({
    'Nome completo': 'Nova Favorita Souza',
    'E-mail': `novafav${stamp}@example.com.br`,
    CPF: cpfFrom(stamp.slice(-9)),
    'Celular com DDD': '11987654321',
    'Data de nascimento': '1993-07-08',
    Senha: PASSWORD,
  }))
    await page.getByLabel(label, { exact: true }).fill(value);
  const saved = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/favorites');
  // As after a login: the save, then a full load of the product page (client/islands/account/after-login.ts).
  const landed = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await saved;
  await landed;
  // Back on the product, signed in, its heart saved.
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await hydrated(page);
  await expect(page.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect((await savedIds(page)).length).toBe(1);
});

test("'Criar conta' tapped while the sign-up page reached client-side still loads its form's script is not a plain post: the heart is saved", async ({
  page,
}) => {
  await ownAddress(page);
  const path = await productPath(page, 5);
  await page.goto(path);
  await hydrated(page);
  await page.getByTestId('favorite-toggle').click();
  const dialog = page.getByRole('dialog', { name: 'Entre na sua conta' });
  await expect(dialog.getByRole('link', { name: 'Cadastre-se' })).toBeVisible();
  // A slow phone: the sign-up form's own chunk (a lazy island) arrives only after the shopper tapped 'Criar conta'.
  let tapped!: () => void;
  const afterTap = new Promise<void>((resolve) => (tapped = resolve));
  await page.route(/\/build\/.*\.js$/, async (route) => {
    await afterTap;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  await dialog.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/cadastro\?redirect=/);
  await expect(page.locator('html[data-navigating]')).toHaveCount(1);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  for (const [label, value] of Object.entries({
    'Nome completo': 'Nova Apressada Souza',
    'E-mail': `apressada${stamp}@example.com.br`,
    CPF: cpfFrom(stamp.slice(-9)),
    'Celular com DDD': '11987654321',
    'Data de nascimento': '1994-08-09',
    Senha: PASSWORD,
  }))
    await page.getByLabel(label, { exact: true }).fill(value);
  const saved = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/favorites');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  tapped();
  await saved;
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await hydrated(page);
  await expect(page.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(posts).not.toContain('/cadastro');
});
