import { expect, hydrated, test } from './menu-fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test.describe('desktop menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
  });

  test('hovering Moda Praia shows plain buttons and banner cards; moving away closes it', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const entry = nav.getByRole('link', { name: 'Moda Praia', exact: true });
    const panel = page.locator('#menu-panel-958');
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeHidden();
    await expect(panel).toBeHidden();

    await entry.hover();
    await expect(panel).toBeVisible();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.locator('.menu-buttons a')).toHaveText([
      'Biquínis',
      'Maiôs',
      'Saídas de praia',
      'Cangas e acessórios',
    ]);
    await expect(panel.getByRole('link', { name: 'Ver tudo em Moda Praia' })).toHaveAttribute('href', '/moda-praia');

    const cards = panel.locator('.menu-banner');
    await expect(cards).toHaveCount(2);
    const card = cards.first();
    await expect(card).toHaveAttribute('href', '/moda-praia/verao-2027');
    await expect(card.locator('.menu-banner__name')).toHaveText('Coleção Verão 2027');
    await expect(card.locator('.menu-banner__button')).toHaveText('Conhecer a coleção');
    const img = card.locator('img');
    await expect(img).toHaveAttribute('src', '/images/menu/verao-2027.webp');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    const panelTop = await panel.evaluate((el) => el.getBoundingClientRect().top);
    expect(panelTop).toBeGreaterThanOrEqual(51);

    await page.mouse.move(640, 880);
    await expect(panel).toBeHidden();
    await expect(entry).toHaveAttribute('aria-expanded', 'false');
  });

  test('hovering Moda shows columns with Ver tudo, the modality group and no Destaques button; Escape closes', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('link', { name: 'Moda', exact: true }).hover();
    const panel = page.locator('#menu-panel-1001');
    await expect(panel).toBeVisible();

    await expect(panel.getByRole('list', { name: 'Roupas' }).getByRole('link')).toHaveText([
      'Vestidos',
      'Blusas e camisas',
      'Saias',
      'Calças',
      'Conjuntos',
    ]);
    await expect(panel.getByRole('link', { name: 'Ver tudo em Roupas' })).toHaveAttribute('href', '/moda/roupas');
    await expect(panel.getByRole('link', { name: 'Ver tudo em Ocasiões' })).toHaveAttribute('href', '/moda/ocasioes');
    await expect(panel.getByRole('link', { name: 'Ver tudo em Moda' })).toHaveAttribute('href', '/moda');

    const modalities = panel.getByRole('list', { name: 'Modalidades' });
    await expect(modalities).toHaveClass(/menu-chips/);
    await expect(modalities.getByRole('link')).toHaveText(['Praia', 'Treino', 'Casual']);

    await expect(panel.getByText('Destaques', { exact: true })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: 'Mais vendidos' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Lookbook' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('keyboard: Enter and ArrowDown open a panel, Tab moves through it, Escape closes and returns focus', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const moda = nav.getByRole('link', { name: 'Moda', exact: true });
    const panel = page.locator('#menu-panel-1001');

    await moda.focus();
    await page.keyboard.press('ArrowDown');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Ver tudo em Moda' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Ver tudo em Roupas' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(moda).toBeFocused();

    const fitness = nav.getByRole('link', { name: 'Fitness', exact: true });
    await fitness.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#menu-panel-1280')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-panel-1280')).toBeHidden();
  });
});

test.describe('desktop menu without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('links are real anchors and panels open on hover, below the header bar', async ({ page }) => {
    await page.goto('/moda-praia');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link', { name: 'Novidades', exact: true })).toHaveAttribute('href', '/novidades');
    await nav.getByRole('link', { name: 'Moda', exact: true }).hover();
    const panel = page.locator('#menu-panel-1001');
    await expect(panel.getByRole('link', { name: 'Vestidos' })).toHaveAttribute('href', '/moda/vestidos');
    // Walk 12: it covered the promotion bar and the menu itself.
    const barBottom = await page.locator('.site-header__bar').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await panel.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(barBottom - 1);
  });
});

test.describe('desktop menu while its island starts (walk 12)', () => {
  test('the entry whose hover loaded the scripts keeps its panel open once they run', async ({ page }) => {
    await page.goto('/moda-praia');
    const entry = page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Moda Praia', exact: true });
    await entry.hover(); // the first interaction: it loads the app
    await hydrated(page);
    await expect(page.locator('#menu-panel-958')).toBeVisible();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
  });

  test("without the header's menu data the panels still open on hover, and no error reaches the page", async ({
    page,
    consoleErrors,
  }) => {
    await page.route(/\/header-menu\.json/, (route) => route.abort());
    await page.goto('/moda-praia');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByRole('link', { name: 'Fitness', exact: true }).hover();
    await hydrated(page);
    await page.mouse.move(5, 500);
    await nav.getByRole('link', { name: 'Moda', exact: true }).hover();
    await expect(page.locator('#menu-panel-1001').getByRole('link', { name: 'Vestidos' })).toBeVisible();
    // Only the browser's own line for the aborted request: no page error, nothing of ours.
    expect(consoleErrors.filter((e) => e !== 'Failed to load resource: net::ERR_FAILED')).toEqual([]);
    consoleErrors.splice(0, consoleErrors.length);
  });
});
