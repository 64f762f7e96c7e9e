import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { headerReady } from './header-helpers';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Buscar produtos' });

test.describe('search autocomplete', () => {
  test('server HTML has no dropdown; typing shows categories and products; arrows + Enter open the product client-side', async ({
    page,
  }) => {
    const response = await page.goto('/entregas');
    expect(await response?.text()).not.toContain('role="listbox"');
    await headerReady(page);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    const input = searchBox(page);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await input.fill('biq');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    await expect(
      listbox.getByRole('group', { name: 'Categorias' }).getByRole('option', { name: 'Biquínis' }),
    ).toBeVisible();
    const products = listbox.getByRole('group', { name: 'Produtos' }).getByRole('option');
    expect(await products.count()).toBeGreaterThan(0);
    await expect(products.first()).toContainText(/R\$\s?\d+,\d{2}/);
    await expect(products.first()).toHaveAttribute('href', /^\/[^/]+\/p$/);
    await expect(listbox.getByRole('option').last()).toHaveText('Ver todos os resultados para “biq”');

    // A quick accessibility pass over the open combobox.
    const axe = await new AxeBuilder({ page })
      .include('.search-box')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // ArrowDown walks the options in order: past the categories, onto the first product.
    const all = listbox.getByRole('option');
    const categoryCount = await listbox.getByRole('group', { name: 'Categorias' }).getByRole('option').count();
    for (let i = 0; i <= categoryCount; i++) await input.press('ArrowDown');
    const target = all.nth(categoryCount);
    await expect(target).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id'))!);
    const href = (await target.getAttribute('href'))!;
    const name = (await target.locator('.suggest__name').innerText()).trim();

    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    // Client-side: the window survived.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  test('a typo still suggests leggings; Escape and blur close the list', async ({ page }) => {
    await page.goto('/entregas');
    await headerReady(page);
    const input = searchBox(page);
    await input.fill('leguing');
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    const options = listbox.getByRole('option');
    const names = (await options.allInnerTexts()).slice(0, -1).join('\n');
    expect(names).toMatch(/legging/i);
    await input.press('Escape');
    await expect(listbox).toHaveCount(0);
    await expect(input).toHaveValue('leguing');
    await input.press('ArrowDown');
    await expect(listbox).toBeVisible();
    await input.blur();
    await expect(listbox).toHaveCount(0);
  });

  test('no suggestions, no dropdown; one character asks nothing', async ({ page }) => {
    await page.goto('/entregas');
    await headerReady(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/suggest')) asked.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    const input = searchBox(page);
    await input.fill('b');
    await page.waitForTimeout(400);
    expect(asked).toEqual([]);
    const answer = page.waitForResponse((r) => r.url().includes('/api/search/suggest'));
    await input.fill('zzqxwv');
    await answer;
    await page.waitForTimeout(100);
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('discovery flow', () => {
  test('search → results → product → colour and size → shipping by CEP', async ({ page }) => {
    await page.goto('/');
    await headerReady(page);
    const input = searchBox(page);
    await input.fill('biquini');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=biquini$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “biquini”');

    const first = page.locator('.product-grid .product-card__link').first();
    const name = (await first.innerText()).trim();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Colour: a different one when there is a choice, the URL follows.
    const colors = page.locator('button[data-color]');
    const color = colors.nth((await colors.count()) > 1 ? 1 : 0);
    const colorSlug = (await color.getAttribute('data-color'))!;
    await color.click();
    await expect(page).toHaveURL(new RegExp(`\\?cor=${colorSlug}$`));
    await expect(color).toHaveAttribute('aria-pressed', 'true');

    // Size: the first one in stock.
    const size = page.locator('button[data-size]:not([disabled])').first();
    const sizeName = (await size.getAttribute('data-size'))!;
    await size.click();
    await expect(page).toHaveURL(
      new RegExp(`\\?cor=${colorSlug}&tamanho=${encodeURIComponent(sizeName).replace(/[+]/g, '\\+')}$`),
    );
    await expect(page.getByTestId('add-to-cart')).toBeEnabled();

    const cep = page.getByLabel('Calcule o frete e o prazo');
    await cep.fill('01310-100');
    await page.getByRole('button', { name: 'Calcular' }).click();
    const options = page.getByTestId('shipping-options');
    await expect(options).toContainText('Opções para o CEP 01310-100');
    await expect(options.locator('li').first()).toContainText(/R\$\s?\d+,\d{2}/);
  });
});
