import { expect, test } from './fixtures';
import { frozenClock, headerReady, settle } from './header-helpers';

test.describe('search box', () => {
  test('is a labelled GET form to /search with a q field', async ({ page }) => {
    await page.goto('/entregas');
    const form = page.getByRole('search');
    await expect(form).toHaveAttribute('action', '/search');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(page.getByRole('combobox', { name: 'Buscar produtos' })).toHaveAttribute('name', 'q');
  });

  test('cycles the placeholder Moda Praia → Tops → Leggings every 3 s', async ({ page }) => {
    await frozenClock(page, Date.UTC(2026, 10, 20, 15, 0, 0));
    await page.goto('/entregas');
    await headerReady(page);
    const input = page.getByRole('combobox', { name: 'Buscar produtos' });
    await expect(input).toHaveAttribute('placeholder', 'Moda Praia');
    await page.clock.runFor(2900);
    await settle(page);
    await expect(input).toHaveAttribute('placeholder', 'Moda Praia');
    await page.clock.runFor(100);
    await expect(input).toHaveAttribute('placeholder', 'Tops');
    await page.clock.runFor(3000);
    await expect(input).toHaveAttribute('placeholder', 'Leggings');
    await page.clock.runFor(3000);
    await expect(input).toHaveAttribute('placeholder', 'Moda Praia');
  });

  test('is active while focused or holding text', async ({ page }) => {
    await page.goto('/entregas');
    await headerReady(page);
    const form = page.getByRole('search');
    const input = page.getByRole('combobox', { name: 'Buscar produtos' });
    await expect(form).not.toHaveClass(/search-box--active/);
    await input.focus();
    await expect(form).toHaveClass(/search-box--active/);
    await input.fill('top');
    await input.blur();
    await expect(form).toHaveClass(/search-box--active/);
    await input.fill('');
    await expect(form).toHaveClass(/search-box--active/);
    await input.blur();
    await expect(form).not.toHaveClass(/search-box--active/);
  });

  test('Enter searches client-side without accents and reports buscou-produto', async ({ page }) => {
    await page.goto('/entregas');
    await headerReady(page);
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    const input = page.getByRole('combobox', { name: 'Buscar produtos' });
    await input.fill('  biquíni ');
    await input.press('Enter');
    // The next page is fetched from the dev server, slow on a loaded machine.
    await expect(page).toHaveURL(/\/search\?q=biquini$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “biquini”');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
    expect(events).toContainEqual({ event: 'buscou-produto', term: 'biquini' });
  });

  test('Enter with only spaces does nothing', async ({ page }) => {
    await page.goto('/entregas');
    await headerReady(page);
    const input = page.getByRole('combobox', { name: 'Buscar produtos' });
    await input.fill('   ');
    await input.press('Enter');
    await settle(page);
    await expect(page).toHaveURL(/\/entregas$/);
    expect(
      await page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter(
          (e) => e.event === 'buscou-produto',
        ),
      ),
    ).toEqual([]);
  });
});

test.describe('search box without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('still submits to /search', async ({ page }) => {
    await page.goto('/entregas');
    const input = page.getByRole('combobox', { name: 'Buscar produtos' });
    await input.fill('maiô');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=mai%C3%B4$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados para “maiô”');
  });
});
