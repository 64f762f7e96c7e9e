import { expect, hydrated, test } from './fixtures';
import { appLog, installFakeApp, lastOf, sellableItem, sendFromApp } from './app-bridge';

/**
 * Issue 14 / ADR 0004: a webview that only injects `window.ReactNativeWebView` (Playwright's default user
 * agent, no `VitrineApp/` token) is the app: layout and protocol at once, and the server knows from the
 * next page on (the `app_webview` cookie).
 */
test.describe('app mode by the bridge alone', () => {
  test.beforeEach(async ({ context }) => installFakeApp(context));

  test('first page switches at once; later pages render the app layout from the first byte', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => navigator.userAgent)).not.toContain('VitrineApp/');
    // No consent choice recorded: on the web this page would show the banner.
    await context.clearCookies({ name: 'cookie_consent' });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-app-bridge', 'confirmed');
    // Layout: no header, the app's floating menu (drawer at offset 0), no web widgets.
    await expect(page.locator('.site-header__bar')).toBeHidden();
    await expect(page.locator('body')).toHaveClass(/\bapp-mode\b/);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.locator('#menu-drawer')).toBeVisible();
    expect(await page.locator('#menu-drawer').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.keyboard.press('Escape');
    // Protocol: title, cart count and back availability, without the user-agent token.
    await expect.poll(async () => (await lastOf(page, 'TITLE'))?.payload.title).toBe(await page.title());
    await expect.poll(async () => (await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 0 });
    await expect.poll(async () => (await lastOf(page, 'CAN_GO_BACK'))?.payload).toEqual({ canGoBack: false });
    // The web widgets would mount once the browser is idle after load: give them that chance.
    await page.waitForLoadState('load');
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 })),
    );
    await expect(page.locator('.whatsapp-fab')).toHaveCount(0);
    // This first page was rendered for the web (the server could not know yet): its banner stays hidden.
    await expect(page.locator('.consent-banner')).toBeHidden();

    // REVALIDATE_CART:REQUEST is answered; call-add-to-cart honours only the cookie's token.
    const item = await sellableItem(context.request);
    const added = await context.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: item, amount: 1 },
    });
    expect(added.status()).toBe(200);
    await sendFromApp(page, { type: 'REVALIDATE_CART:REQUEST' });
    await expect.poll(async () => (await lastOf(page, 'REVALIDATE_CART:RESPONSE'))?.payload).toEqual({ count: 1 });
    const token = (await context.cookies()).find((c) => c.name === 'x-cart-request-token')?.value;
    expect(token).toBeTruthy();
    await sendFromApp(page, { type: 'call-add-to-cart', payload: { token: 'someone-else', productItemId: item } });
    await expect
      .poll(async () => (await lastOf(page, 'ADD_TO_CART:RESPONSE'))?.payload)
      .toEqual({ accepted: false, ok: false });
    await sendFromApp(page, { type: 'call-add-to-cart', payload: { token, productItemId: item, amount: 1 } });
    await expect
      .poll(async () => (await lastOf(page, 'ADD_TO_CART:RESPONSE'))?.payload)
      .toEqual({ accepted: true, ok: true, count: 2 });
    await expect(page.getByText('Adicionado à sacola!')).toBeVisible();
    expect((await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 2 });

    // The server was told: the next page is the app layout from its first byte.
    const cookie = (await context.cookies()).find((c) => c.name === 'app_webview');
    expect(cookie?.value).toBe('1');
    const html = await (await context.request.get('/entregas')).text();
    expect(html).not.toContain('data-island="Header"');
    expect(html).toContain('data-island="AppMenu"');
    expect(html.slice(html.indexOf('<body'))).not.toContain('consent-banner');
    await page.goto('/entregas');
    await hydrated(page);
    await expect(page.locator('[data-island="Header"]')).toHaveCount(0);
    await expect.poll(async () => (await lastOf(page, 'TITLE'))?.payload.title).toBe('Entregas e prazos | Vitrine');
    await expect.poll(async () => (await lastOf(page, 'CAN_GO_BACK'))?.payload).toEqual({ canGoBack: true });
  });

  test('a page from the edge cache tells the app the real cart count only: never a 0 first', async ({
    page,
    context,
    baseURL,
  }) => {
    const item = await sellableItem(context.request);
    const added = await context.request.post('/api/cart', {
      headers: { origin: baseURL! },
      data: { productItemId: item, amount: 1 },
    });
    expect(added.status()).toBe(200);
    // The first page tells the server it is the app; the listing is then the app layout's, twice (a cache hit).
    await page.goto('/entregas');
    await hydrated(page);
    for (const expected of [
      ['MISS', 'HIT', 'STALE'],
      ['HIT', 'STALE'],
    ]) {
      const answer = await page.goto('/moda-praia');
      expect(expected).toContain(answer?.headers()['x-edge-cache']);
      expect(await answer?.text()).toContain('"shared":true');
      await hydrated(page);
      await expect.poll(async () => (await lastOf(page, 'CART_COUNT'))?.payload).toEqual({ count: 1 });
    }
    expect((await appLog(page, 'CART_COUNT')).map((m) => m.payload.count)).not.toContain(0);
  });

  test('a browser left with the cookie but no bridge goes back to the web layout', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    // As the fixtures do: no link prefetching (an aborted prefetch can stop wrangler dev).
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await context.addCookies([
      { name: 'app_webview', value: '1', url: baseURL! },
      { name: 'cookie_consent', value: 'denied', url: baseURL! },
    ]);
    const page = await context.newPage();
    await page.goto('/entregas');
    await hydrated(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-app-bridge', 'confirmed');
    expect((await context.cookies()).find((c) => c.name === 'app_webview')).toBeUndefined();
    await page.goto('/entregas');
    await expect(page.locator('.site-header__bar')).toBeVisible();
    await context.close();
  });
});
