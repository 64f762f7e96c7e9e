import { expect, hydrated, test } from './fixtures';
import { APP_UA, installFakeApp } from './app-bridge';

const fab = (page: import('@playwright/test').Page) => page.locator('a.whatsapp-fab');

test.describe('lazy web widgets', () => {
  test('the WhatsApp button is mounted after the page loads (not in the HTML) and opens the chat in a new tab', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/entregas')).text();
    // The inlined stylesheet names the classes; the body must not carry the button. The consent banner is in
    // the HTML, hidden for a shopper who has already chosen (this fixture's cookie).
    const body = html.slice(html.indexOf('<body'));
    expect(body).not.toContain('whatsapp-fab');
    expect(body).toContain('consent-banner');
    await page.goto('/entregas');
    await hydrated(page);
    await expect(fab(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('section.consent-banner')).toBeHidden();
    expect(await fab(page).getAttribute('href')).toContain('api.whatsapp.com/send?phone=5511987654321');
    expect(await fab(page).getAttribute('target')).toBe('_blank');
    await expect(fab(page)).toHaveAccessibleName('Comprar pelo WhatsApp (abre em nova aba)');
  });

  test('gives way to the open filter panel on a phone (its "Ver N produtos" button sits where the chat button would)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/moda-praia');
    await hydrated(page);
    await expect(fab(page)).toBeVisible({ timeout: 15_000 });
    await page.locator('.filters__toggle').click();
    await expect(page.locator('.filters__done')).toBeVisible();
    await expect(fab(page)).toBeHidden();
    await page.locator('.filters__toggle').click();
    await expect(fab(page)).toBeVisible();
  });

  test("gives way to the bag's forms on a phone, not on a desktop (walk 11: it covered Aplicar and Calcular)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/sacola');
    await hydrated(page);
    await expect(page.locator('a.whatsapp-fab')).toHaveCount(1, { timeout: 15_000 });
    await expect(fab(page)).toBeHidden();
    await page.setViewportSize({ width: 1366, height: 800 });
    await expect(fab(page)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/entregas');
    await hydrated(page);
    await expect(fab(page)).toBeVisible({ timeout: 15_000 });
  });

  test('gives way to the registration form on a phone (its fields and LGPD note passed under it), not on a desktop', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/cadastro');
    await hydrated(page);
    await expect(fab(page)).toHaveCount(1, { timeout: 15_000 });
    await expect(fab(page)).toBeHidden();
    // Wider, the form is a column in the middle: the button beside it covers none of it.
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(fab(page)).toBeVisible();
    const note = page.getByText(/conforme a LGPD/);
    await note.scrollIntoViewIfNeeded();
    const [a, b] = [await fab(page).boundingBox(), await page.locator('form.auth-form').boundingBox()];
    expect(a!.x, 'the button stays right of the form').toBeGreaterThanOrEqual(b!.x + b!.width);
  });

  test('is hidden on the product page and in checkout, also after client-side navigation', async ({ page }) => {
    await page.goto('/moda-praia');
    await hydrated(page);
    await expect(fab(page)).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('main a[href$="/p"]').first().click();
    await expect(page).toHaveURL(/\/p$/, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await expect(fab(page)).toBeHidden();
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(fab(page)).toBeHidden();
    await page.goto('/checkout');
    await hydrated(page);
    await page.waitForTimeout(1500);
    await expect(fab(page)).toBeHidden();
  });

  test.describe('in the app', () => {
    test.use({ userAgent: APP_UA });
    test.beforeEach(async ({ context }) => installFakeApp(context));
    test('no web widget ever loads', async ({ page }) => {
      await page.goto('/entregas');
      await hydrated(page);
      await page.waitForTimeout(2000);
      await expect(page.locator('#web-widgets')).toHaveCount(0);
    });
  });
});

test.describe('cookie consent', () => {
  test.use({ consentBanner: true });
  const consentOf = (page: import('@playwright/test').Page) =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
        .filter((e) => (e as { 0?: string })[0] === 'consent')
        .map((e) => [
          (e as Record<number, unknown>)[1],
          ((e as Record<number, unknown>)[2] as { analytics_storage: string }).analytics_storage,
        ]),
    );

  test('analytics consent is denied by default; accepting updates it and is remembered; the banner is keyboard-usable', async ({
    page,
    context,
  }) => {
    await page.goto('/search?q=biquini');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => consentOf(page)).toEqual([['default', 'denied']]);
    await expect(fab(page)).toHaveClass(/whatsapp-fab--raised/);
    await banner.getByRole('button', { name: 'Aceitar cookies de análise' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    expect(await consentOf(page)).toEqual([
      ['default', 'denied'],
      ['update', 'granted'],
    ]);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('granted');
    await page.reload();
    await hydrated(page);
    await expect(fab(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0);
    expect(await consentOf(page)).toEqual([['default', 'granted']]);
  });

  test('the banner paints with the page, before any script of ours has loaded', async ({ page }) => {
    // Our scripts arrive empty: only the HTML and its head script decide, so the banner is no late paint.
    await page.route('**/build/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/moda-praia');
    await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aceitar cookies de análise' })).toBeVisible();
  });

  test('refusing keeps analytics denied and hides the banner', async ({ page, context }) => {
    await page.goto('/entregas');
    await hydrated(page);
    await page.getByRole('button', { name: 'Recusar' }).click({ timeout: 15_000 });
    await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('denied');
  });

  test("the open phone menu hides the banner: it covered the drawer's last links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.locator('#menu-drawer');
    await expect(drawer).toBeVisible();
    await expect(banner).toBeHidden();
    // Every link of the drawer, scrolled into view, is the element under its own centre.
    const covered = await drawer.locator('a, button').evaluateAll((els) =>
      els.flatMap((el) => {
        el.scrollIntoView({ block: 'nearest' });
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) return [];
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit && (el === hit || el.contains(hit)) ? [] : [`${el.textContent?.trim()} under ${hit?.className}`];
      }),
    );
    expect(covered).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(banner).toBeVisible();
  });

  test('on a phone, the WhatsApp button sits wholly above the banner, however tall it wraps', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
    await expect(banner).toBeVisible();
    await expect(fab(page)).toHaveClass(/whatsapp-fab--raised/, { timeout: 15_000 });
    // Past the button's 0.2 s slide: its bottom edge at or above the banner's top edge (outside walk: 652 px vs 618 px).
    await expect
      .poll(async () => {
        const [button, over] = [(await fab(page).boundingBox())!, (await banner.boundingBox())!];
        return Math.round(button.y + button.height) <= Math.round(over.y);
      })
      .toBe(true);
  });

  test('the back office carries neither shopper widget (they covered "Filtrar" and the order links)', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const login = await page.request.post('/api/login', {
      headers: { origin: baseURL! },
      data: { login: 'operador@vitrine.dev', password: 'Painel@2026' },
    });
    expect(login.status()).toBe(200);
    const html = await (await page.request.get('/painel/pedidos')).text();
    expect(html.slice(html.indexOf('<body')).includes('class="consent-banner"'), 'a consent banner in the HTML').toBe(
      false,
    );
    await page.goto('/painel/pedidos');
    await hydrated(page);
    await expect(page.locator('#web-widgets')).toHaveCount(1);
    await expect(fab(page)).toBeHidden();
    await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0);
    const filter = page.getByRole('button', { name: 'Filtrar' });
    await filter.scrollIntoViewIfNeeded();
    const box = (await filter.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('Filtrar');
  });

  test('the banner stays out of checkout', async ({ page }) => {
    await page.goto('/checkout');
    await hydrated(page);
    await page.waitForTimeout(2000);
    await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0);
  });
});
