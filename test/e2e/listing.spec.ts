import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// Text content, not innerText: cards past the first rows are not rendered until scrolled near (content-visibility),
// and innerText reads the rendering.
const names = async (page: Page) =>
  (await page.locator('.product-grid .product-card__name').allTextContents()).map((t) => t.trim());
const reais = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
type Pushed = {
  event?: string;
  search_term?: string;
  ecommerce?: { item_list_id?: string; items?: { item_name: string; index: number; price: number }[] };
};
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Pushed[]);

test.describe('listing pages', () => {
  test('keyboard: arrows move through the orders without a page load; Enter or leaving the select applies the one chosen', async ({
    page,
  }) => {
    await page.goto('/fitness/leggings');
    await hydrated(page);
    const select = page.getByLabel('Ordenar por');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('price-asc');
    await expect(select).toBeFocused();
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fitness\/leggings\?ordem=price-asc$/);
    // Tab away after an arrow: applied as focus leaves.
    await page.getByLabel('Ordenar por').focus();
    await page.keyboard.press('ArrowDown');
    expect(new URL(page.url()).search).toBe('?ordem=price-asc');
    await page.keyboard.press('Tab');
    await expect(page).toHaveURL(/\/fitness\/leggings\?ordem=price-desc$/);
  });

  test('size facet, sort and page 2 by clicking; the same URL without JavaScript shows the same products', async ({
    page,
    browser,
  }) => {
    await page.goto('/moda-praia');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Moda Praia' })).toBeVisible();
    await expect(page.locator('.listing__count')).toHaveText(/^\d+ produtos$/);
    const allCount = Number((await page.locator('.listing__count').innerText()).split(' ')[0]);

    await page
      .locator('.facet--sizes .facet-option', { has: page.locator('.facet-option__label', { hasText: /^P$/ }) })
      .click();
    await expect(page).toHaveURL(/\/moda-praia\?tamanho=P$/);
    await expect(page.locator('.active-filters .chip')).toHaveText(/Tamanho:\s*P/);
    const sizeCount = Number((await page.locator('.listing__count').innerText()).split(' ')[0]);
    expect(sizeCount).toBeLessThanOrEqual(allCount);
    expect(sizeCount).toBeGreaterThan(24);

    // With JS the select applies at once (no submit button).
    await expect(page.locator('.sort__submit')).toHaveCount(0);
    await page.getByLabel('Ordenar por').selectOption('price-asc');
    await expect(page).toHaveURL(/\/moda-praia\?tamanho=P&ordem=price-asc$/);
    await expect(page.getByLabel('Ordenar por')).toHaveValue('price-asc');
    // The URL changes as the sorted results are swapped in; the move ends once their islands are interactive (a tap
    // on the page before then is held and replayed: test/e2e/first-interaction.spec.ts). One quick run in 4 clicked
    // "Página 2" while the swapped-in page was still laying out, and the click met another element.
    await hydrated(page);

    await page.getByRole('navigation', { name: 'Paginação' }).getByRole('link', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/\/moda-praia\?tamanho=P&ordem=price-asc&pagina=2$/);
    await expect(page.locator('.pagination__page.is-current')).toHaveText('2');
    await expect(page.locator('.active-filters .chip')).toHaveText(/Tamanho:\s*P/);

    const withJs = await names(page);
    expect(withJs.length).toBeGreaterThan(0);
    const prices = (await page.locator('.product-grid .price__now').allTextContents()).map(reais);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const url = page.url();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(url);
    expect(await names(plain)).toEqual(withJs);
    await expect(plain.locator('.pagination__page.is-current')).toHaveText('2');
    await noJs.close();
  });

  test('without JavaScript: facets are links, sort is a form with a submit button, pages are links', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/fitness/leggings');
    await page.locator('.facet--colors .facet-option').first().click();
    await expect(page).toHaveURL(/\/fitness\/leggings\?cor=[a-z-]+$/);
    await page.getByLabel('Ordenar por').selectOption('discount');
    await page.getByRole('button', { name: 'Ordenar' }).click();
    await expect(page).toHaveURL(/\/fitness\/leggings\?cor=[a-z-]+&ordem=discount$/);
    await expect(page.getByLabel('Ordenar por')).toHaveValue('discount');
    const offs = (await page
      .locator('.product-grid .product-card')
      .evaluateAll((cards) =>
        cards.map((c) => Number(c.querySelector('.price__off')?.textContent?.replace(/\D/g, '') ?? 0)),
      )) as number[];
    expect(offs).toEqual([...offs].sort((a, b) => b - a));
    await page.getByRole('link', { name: 'Limpar filtros' }).first().click();
    await expect(page).toHaveURL(/\/fitness\/leggings\?ordem=discount$/);
    await context.close();
  });

  test('mobile: filters sit in a collapsible panel above a two-column grid', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fitness');
    await hydrated(page);
    const toggle = page.locator('.filters__toggle');
    await expect(toggle).toBeVisible();
    await expect(page.locator('.facet--sizes')).toBeHidden();
    const [a, b, c] = await page
      .locator('.product-grid > li')
      .evaluateAll((items) => items.slice(0, 3).map((i) => i.getBoundingClientRect().top));
    expect(a).toBe(b);
    expect(c).toBeGreaterThan(a!);
    await toggle.click();
    await expect(page.locator('.facet--sizes')).toBeVisible();
    await page.locator('.facet--sizes .facet-option').first().click();
    await expect(page).toHaveURL(/tamanho=/);
    // The panel stays open from one facet to the next.
    await expect(page.locator('details.filters')).toHaveAttribute('open', '');
    await expect(page.locator('.filters__done')).toHaveText(/^Ver \d+ produtos?$/);
    await page.locator('.filters__done').click();
    await expect(page.locator('details.filters')).not.toHaveAttribute('open', '');
    await expect(page.locator('.product-grid > li').first()).toBeInViewport();
  });

  test('desktop: the filters are an open sidebar beside the grid', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/moda');
    await expect(page.locator('.filters__toggle')).toBeHidden();
    await expect(page.locator('.facet--sizes')).toBeVisible();
    const sidebar = await page.locator('.listing__sidebar').boundingBox();
    const grid = await page.locator('.product-grid').boundingBox();
    expect(sidebar!.x + sidebar!.width).toBeLessThan(grid!.x);
    await expect(page.locator('.product-grid > li').nth(3)).toHaveJSProperty(
      'offsetTop',
      await page
        .locator('.product-grid > li')
        .first()
        .evaluate((e) => (e as HTMLElement).offsetTop),
    );
  });

  test('no accessibility violations in the listing, on desktop and mobile, with filters applied', async ({ page }) => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/moda-praia?tamanho=P&cor=preto&ordem=price-asc');
      await hydrated(page);
      if (width < 768) await page.locator('.filters__toggle').click();
      // The whole listing on a desktop; on a phone what differs from it, the open filter panel (the grid is the same).
      const { violations } = await new AxeBuilder({ page }).include(width < 768 ? '.filters' : '.listing').analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.goto('/search?q=zzzzqqq');
    const { violations } = await new AxeBuilder({ page }).include('.listing').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  test('analytics: view_item_list on load, select_item on a card click', async ({ page }) => {
    await page.goto('/moda-praia/biquinis');
    await hydrated(page);
    await expect.poll(async () => (await dataLayer(page)).filter((e) => e.event === 'view_item_list').length).toBe(1);
    const view = (await dataLayer(page)).find((e) => e.event === 'view_item_list')!;
    expect(view.ecommerce!.item_list_id).toBe('moda-praia/biquinis');
    const cardNames = await names(page);
    expect(view.ecommerce!.items!.map((i) => i.item_name)).toEqual(cardNames);

    const second = page.locator('.product-card__link').nth(1);
    await second.click();
    await expect(page).toHaveURL(/\/[a-z0-9-]+\/p$/);
    await expect(page.getByRole('heading', { level: 1, name: cardNames[1] })).toBeVisible();
    const selected = (await dataLayer(page)).find((e) => e.event === 'select_item');
    expect(selected?.ecommerce?.items).toEqual([
      expect.objectContaining({ item_name: cardNames[1], index: 1, item_brand: 'Vitrine' }),
    ]);
  });
});

test.describe('search results page', () => {
  test('shows results for a query with facets, and reports search + view_item_list', async ({ page }) => {
    await page.goto('/search?q=biquini');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “biquini”');
    const found = await names(page);
    expect(found.length).toBeGreaterThan(0);
    for (const n of found) expect(n).toMatch(/Biquíni/);
    await expect
      .poll(async () => (await dataLayer(page)).map((e) => e.event))
      .toEqual(expect.arrayContaining(['search', 'view_item_list']));
    const events = await dataLayer(page);
    expect(events.find((e) => e.event === 'search')?.search_term).toBe('biquini');
    expect(events.find((e) => e.event === 'view_item_list')?.ecommerce?.item_list_id).toBe('search_results');

    await page.locator('.facet--sizes .facet-option').first().click();
    await expect(page).toHaveURL(/\/search\?q=biquini&tamanho=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “biquini”');
    // A refinement is a new list view, not a new search.
    await expect.poll(async () => (await dataLayer(page)).filter((e) => e.event === 'view_item_list').length).toBe(2);
    expect((await dataLayer(page)).filter((e) => e.event === 'search')).toHaveLength(1);
  });

  test('a typo shows the corrected results and nonsense a helpful empty state', async ({ page }) => {
    await page.goto('/search?q=leguing');
    await expect(page.locator('.listing__note')).toContainText('Mostrando resultados para “legging”');
    await page.goto('/search?q=zzzzqqq');
    await expect(page.getByRole('heading', { name: 'Não encontramos resultados para “zzzzqqq”' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categorias populares' }).getByRole('link')).not.toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ver as novidades' })).toHaveAttribute('href', '/novidades');
  });
});

test.describe('a listing on a phone', () => {
  test('the "added to bag" tooltip over a card stays on the screen, on a left card and a right one', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true });
    await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/moda-praia/biquinis');
    await hydrated(page);
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const spans: { card: number; left: number; right: number }[] = [];
    for (const card of [0, 1]) {
      await page.locator('[data-quick-add]').nth(card).tap();
      const size = page.locator('.quick-add__size:focus');
      await expect(size).toHaveCount(1, { timeout: 15_000 });
      await size.click();
      const tooltip = page.locator('.cart-tooltip--visible');
      await expect(tooltip).toHaveText('Produto adicionado à sacola');
      const box = (await tooltip.boundingBox())!;
      spans.push({ card, left: Math.round(box.x), right: Math.round(box.x + box.width) });
      await page.keyboard.press('Escape');
      await expect(tooltip).toHaveCount(0);
    }
    // The two cards of the first row: one by the left edge, one by the right (outside walk: −12 px and 387 px).
    for (const span of spans) {
      expect(span.left, JSON.stringify(span)).toBeGreaterThanOrEqual(0);
      expect(span.right, JSON.stringify(span)).toBeLessThanOrEqual(width);
    }
    await context.close();
  });
});
