import { expect, hydrated, test } from './fixtures';
import { APP_UA, appLog, installFakeApp, lastOf, ofType, sellableItem, sendFromApp } from './app-bridge';
import { registerCustomer } from './checkout-helpers';
import { placeOrder } from './order-helpers';

test.use({ userAgent: APP_UA });

test.describe('app webview mode', () => {
  test.beforeEach(async ({ context }) => installFakeApp(context));

  test('the first HTML already has the app layout: no header, floating menu at offset 0', async ({ page, request }) => {
    const html = await (await request.get('/', { headers: { 'user-agent': APP_UA } })).text();
    expect(html).not.toContain('data-island="Header"');
    expect(html).toContain('data-island="AppMenu"');
    expect(html).toMatch(/<body[^>]*class="[^"]*\bapp-mode\b/);
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-app-bridge', 'confirmed');
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.locator('#menu-drawer');
    await expect(drawer).toBeVisible();
    expect(await drawer.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  });

  test('sends title, loading, cart count and back availability, and again on a navigation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect.poll(async () => (await lastOf(page, 'TITLE'))?.payload.title).toBe(await page.title());
    expect((await lastOf(page, 'CAN_GO_BACK'))?.payload).toEqual({ canGoBack: false });
    expect((await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 0 });
    expect((await lastOf(page, 'LOADING'))?.payload).toEqual({ loading: false });

    await page.locator('footer a[href="/entregas"]').click();
    await expect(page).toHaveURL(/\/entregas$/);
    await expect.poll(async () => (await lastOf(page, 'TITLE'))?.payload.title).toBe('Entregas e prazos | Vitrine');
    const loading = (await ofType(page, 'LOADING')).map((m) => m.payload.loading);
    expect(loading.slice(-2)).toEqual([true, false]);
    expect((await lastOf(page, 'CAN_GO_BACK'))?.payload).toEqual({ canGoBack: true });
  });

  test('ROUTE_CHANGE push and back drive the page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await sendFromApp(page, { type: 'ROUTE_CHANGE', payload: { action: 'push', url: '/pagamento' } });
    await expect(page).toHaveURL(/\/pagamento$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formas de pagamento');
    await sendFromApp(page, { type: 'ROUTE_CHANGE', payload: { action: 'back' } });
    await expect(page).toHaveURL(/\/$/);
  });

  test('REVALIDATE_CART:REQUEST re-fetches the cart and answers with the count', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await hydrated(page);
    await sendFromApp(page, { type: 'REVALIDATE_CART:REQUEST' });
    await expect.poll(async () => (await lastOf(page, 'REVALIDATE_CART:RESPONSE'))?.payload).toEqual({ count: 0 });

    const item = await sellableItem(context.request);
    const added = await context.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: item, amount: 2 },
    });
    expect(added.status()).toBe(200);
    await sendFromApp(page, { type: 'REVALIDATE_CART:REQUEST' });
    await expect.poll(async () => (await lastOf(page, 'REVALIDATE_CART:RESPONSE'))?.payload).toEqual({ count: 2 });
    expect((await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 2 });
  });

  test('call-add-to-cart: a wrong token is ignored, the cookie’s token adds to the cart (toast on home)', async ({
    page,
    context,
    baseURL,
  }) => {
    const item = await sellableItem(context.request);
    await context.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: item, amount: 1 },
    });
    const token = (await context.cookies()).find((c) => c.name === 'x-cart-request-token')?.value;
    expect(token).toBeTruthy();
    await page.goto('/');
    await hydrated(page);
    await expect.poll(async () => (await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 1 });

    await sendFromApp(page, {
      type: 'call-add-to-cart',
      payload: { token: 'not-the-token', productItemId: item, amount: 1 },
    });
    await expect
      .poll(async () => (await lastOf(page, 'ADD_TO_CART:RESPONSE'))?.payload)
      .toEqual({ accepted: false, ok: false });
    const after = (await (await context.request.get('/api/cart')).json()) as { count: number };
    expect(after.count).toBe(1);

    await sendFromApp(page, { type: 'call-add-to-cart', payload: { token, productItemId: item, amount: 1 } });
    await expect
      .poll(async () => (await lastOf(page, 'ADD_TO_CART:RESPONSE'))?.payload)
      .toEqual({ accepted: true, ok: true, count: 2 });
    expect((await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 2 });
    await expect(page.locator('.toast', { hasText: 'Adicionado à sacola!' })).toBeVisible();
    expect(((await (await context.request.get('/api/cart')).json()) as { count: number }).count).toBe(2);
  });

  test('the toast is home-only: an accepted add elsewhere shows none', async ({ page, context, baseURL }) => {
    const item = await sellableItem(context.request);
    await context.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: item, amount: 1 },
    });
    const token = (await context.cookies()).find((c) => c.name === 'x-cart-request-token')!.value;
    await page.goto('/entregas');
    await hydrated(page);
    await sendFromApp(page, { type: 'call-add-to-cart', payload: { token, productItemId: item } });
    await expect.poll(async () => (await lastOf(page, 'ADD_TO_CART:RESPONSE'))?.payload.ok).toBe(true);
    await expect(page.locator('.toast', { hasText: 'Adicionado à sacola!' })).toHaveCount(0);
  });

  test('token-updated syncs the session token into the HttpOnly cookie', async ({ page, context }) => {
    await page.goto('/');
    await hydrated(page);
    const token = 'tok_' + 'x'.repeat(40);
    await sendFromApp(page, { type: 'token-updated', payload: { token } });
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'token')?.value).toBe(token);
    expect((await context.cookies()).find((c) => c.name === 'token')?.httpOnly).toBe(true);
    await sendFromApp(page, { type: 'token-updated', payload: { token: null } });
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(false);
  });

  test('the app is told of a login (with the token), a logout, a session gone on load and a refused token', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    const { email } = await registerCustomer(page, baseURL!);
    await context.clearCookies();
    const session = () => appLog(page, 'LOGIN', 'LOGOUT');

    await page.goto('/login?redirect=%2Fminha-conta');
    await hydrated(page);
    expect(await session()).toEqual([]); // nothing changed yet: nothing told
    await page.getByLabel('E-mail ou CPF').fill(email);
    await page.getByLabel('Senha').fill('senhaForte123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/minha-conta$/);
    await hydrated(page);
    const cookie = (await context.cookies()).find((c) => c.name === 'token')!.value;
    const [login] = await session();
    expect(login).toEqual({
      type: 'LOGIN',
      payload: { token: cookie, user: { id: expect.any(Number), name: 'Carla Checkout Silva' } },
    });

    // The logout form (a full page post) tells the app before the page goes.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
    expect((await session()).slice(1)).toEqual([{ type: 'LOGOUT', payload: { reason: 'logout' } }]);

    // The app's own token-updated is not echoed back.
    await sendFromApp(page, { type: 'token-updated', payload: { token: cookie } });
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(true);
    await sendFromApp(page, { type: 'token-updated', payload: { token: null } });
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'token')).toBe(false);
    expect(await session()).toHaveLength(2);

    // Signed in again; the session vanishes between two pages (server-side): the next page tells the app.
    const again = await page.request.post('/api/login', {
      headers: { origin: baseURL! },
      data: { login: email, password: 'senhaForte123' },
    });
    expect(again.status()).toBe(200);
    await page.goto('/minha-conta');
    await hydrated(page);
    expect((await session()).slice(2)).toEqual([
      {
        type: 'LOGIN',
        payload: {
          token: null,
          user: { id: (login!.payload.user as { id: number }).id, name: 'Carla Checkout Silva' },
        },
      },
    ]);
    await context.clearCookies({ name: 'token' });
    await page.goto('/');
    await hydrated(page);
    expect((await session()).slice(3)).toEqual([{ type: 'LOGOUT', payload: { reason: 'expired' } }]);

    // Signed in on a product page whose token the server then refuses (401): the app is told at once.
    const listing = (await (await page.request.get('/api/catalog/listing?slug=moda-praia')).json()) as {
      products: { slug: string }[];
    };
    expect(
      (
        await page.request.post('/api/login', {
          headers: { origin: baseURL! },
          data: { login: email, password: 'senhaForte123' },
        })
      ).status(),
    ).toBe(200);
    await page.goto(`/${listing.products[0]!.slug}/p`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await session()).toHaveLength(5);
    await context.clearCookies({ name: 'token' });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/favorites') && r.status() === 401);
    await page.getByTestId('favorite-toggle').click();
    await refused;
    await expect
      .poll(async () => (await session()).slice(5))
      .toEqual([{ type: 'LOGOUT', payload: { reason: 'unauthorized' } }]);
    // The browser logs the refused request as a console error; that 401 is this step's point.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('401')));

    // The app hands over a token the server does not know: every page rendered for it tells the app (a failing `me`).
    await sendFromApp(page, { type: 'token-updated', payload: { token: 'unknown-token-' + 'z'.repeat(30) } });
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'token')?.value)
      .toContain('unknown-token-');
    await page.goto('/entregas');
    await hydrated(page);
    expect((await session()).slice(6)).toEqual([{ type: 'LOGOUT', payload: { reason: 'unauthorized' } }]);
  });

  test('links leaving the store are handed to the app (NAVIGATE), copies go through the app (COPY)', async ({
    page,
  }) => {
    await page.goto('/whts-lojas');
    await hydrated(page);
    const popups: string[] = [];
    page.on('popup', (p) => popups.push(p.url()));
    const chat = page.locator('a.chat-store__button').first();
    const href = (await chat.getAttribute('href'))!;
    await chat.click();
    await expect.poll(async () => (await lastOf(page, 'NAVIGATE'))?.payload).toEqual({ url: href });
    expect(popups).toEqual([]);
    await expect(page).toHaveURL(/\/whts-lojas$/);

    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('h1')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      document.dispatchEvent(new ClipboardEvent('copy', { bubbles: true }));
    });
    await expect.poll(async () => (await lastOf(page, 'COPY'))?.payload).toEqual({ text: 'Compre pelo WhatsApp' });
  });

  test("the order page's 'Copiar código Pix' goes through the app (COPY)", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await page.goto('/');
    const order = await placeOrder(context.request, baseURL!, { paymentMethodId: 47 });
    expect(order.next.kind).toBe('pix');
    await page.goto(order.redirect);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-app-bridge', 'confirmed');
    await page.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect.poll(async () => (await lastOf(page, 'COPY'))?.payload).toEqual({ text: order.next.payload });
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    // The bridge's read of the bag the checkout closed is a 404 (it then drops that bag's cookie): expected here.
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((e) => !e.includes('status of 404 (Not Found)')),
    );
  });

  test('menu links are full page loads in the app', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const link = page.locator('#menu-drawer a[data-full-load][href^="/"]:not([target])').first();
    const href = (await link.getAttribute('href'))!;
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
    await hydrated(page);
    expect(documents).toContain(new URL(href, 'http://x').pathname);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  });
});

test.describe('web mode keeps the web layout', () => {
  test.use({ userAgent: undefined });
  test('no app bridge without the app', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('header.site-header')).toHaveCount(1);
    await expect(page.locator('html')).not.toHaveAttribute('data-app-bridge', /.+/);
  });
});
