import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, test } from './fixtures';
import { frozenClock, headerReady, settle } from './header-helpers';

const START = Date.UTC(2026, 10, 20, 15, 0, 0);
const MESSAGES: { text: RegExp; href: string | null }[] = [
  { text: /^Frete expresso grátis.*R\$ 499\*$/, href: '/entregas' },
  { text: /^10% de cashback.*\*$/, href: '/cashback' },
  { text: /WhatsApp/, href: '/whts-lojas' },
  { text: /perfis falsos.*canais oficiais/, href: null },
  { text: /cupom de um vendedor.*10%.*\*$/, href: '/perguntas-frequentes' },
];

test.describe('announcement strip', () => {
  test('all five messages are in the DOM and only the warning is not a link', async ({ page }) => {
    await page.goto('/entregas');
    const strip = page.getByRole('region', { name: 'Avisos' });
    const items = strip.locator('.announcement__item');
    await expect(items).toHaveCount(5);
    for (const [i, message] of MESSAGES.entries()) {
      await expect(items.nth(i)).toHaveText(message.text);
      const link = items.nth(i).locator('a');
      if (message.href) await expect(link).toHaveAttribute('href', message.href);
      else await expect(link).toHaveCount(0);
    }
    // Server-rendered: the first message is current, the others are out of reach.
    await expect(items.nth(0)).toHaveClass(/announcement__item--current/);
    await expect(items.nth(1)).toHaveAttribute('inert', '');
    await expect(strip).not.toHaveAttribute('aria-live', /polite|assertive/);
  });

  test('rotates: each message stays 4 s after a 500 ms slide, wrapping to the first', async ({ page }) => {
    await frozenClock(page, START);
    await page.goto('/entregas');
    await headerReady(page);
    const current = page.locator('.announcement__item--current');
    await expect(current).toHaveText(MESSAGES[0]!.text);

    await page.clock.runFor(3900);
    await settle(page);
    await expect(current).toHaveText(MESSAGES[0]!.text);
    await page.clock.runFor(100);
    await expect(current).toHaveText(MESSAGES[1]!.text);
    await expect(current.getByRole('link')).toHaveAttribute('href', '/cashback');
    await settle(page);

    for (const i of [2, 3, 4, 0]) {
      await page.clock.runFor(4400);
      await settle(page);
      await expect(current).toHaveText(MESSAGES[(i + 4) % 5]!.text);
      await page.clock.runFor(100);
      await expect(current).toHaveText(MESSAGES[i]!.text);
      if (MESSAGES[i]!.href) await expect(current.getByRole('link')).toHaveAttribute('href', MESSAGES[i]!.href!);
      else await expect(current.locator('a')).toHaveCount(0);
      await settle(page);
    }
  });

  test('pauses while hovered or focused, and can be stopped', async ({ page }) => {
    await frozenClock(page, START);
    await page.goto('/entregas');
    await headerReady(page);
    const strip = page.getByRole('region', { name: 'Avisos' });
    const current = page.locator('.announcement__item--current');

    await strip.hover();
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(current).toHaveText(MESSAGES[0]!.text);

    await page.mouse.move(600, 500);
    await settle(page);
    await page.clock.runFor(4000);
    await expect(current).toHaveText(MESSAGES[1]!.text);

    await current.getByRole('link').focus();
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(current).toHaveText(MESSAGES[1]!.text);

    await page.getByRole('button', { name: 'Pausar avisos' }).click();
    await expect(page.getByRole('button', { name: 'Retomar avisos' })).toBeVisible();
    await page.mouse.move(600, 500);
    await page.getByRole('combobox', { name: 'Buscar produtos' }).focus();
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(current).toHaveText(MESSAGES[1]!.text);
  });

  test('with reduced motion there is no slide, but it still rotates', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await frozenClock(page, START);
    await page.goto('/entregas');
    await headerReady(page);
    const current = page.locator('.announcement__item--current');
    await expect(current).toHaveCSS('transition-duration', '0s');
    await page.clock.runFor(4000);
    await expect(current).toHaveText(MESSAGES[1]!.text);
    await expect(current).toHaveCSS('transition-duration', '0s');
  });

  test('slides in 500 ms without reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/entregas');
    await expect(page.locator('.announcement__item--current')).toHaveCSS('transition-duration', '0.5s');
  });
});

test.describe('header bar', () => {
  test('logo, account and cart links; the cart badge shows the cart count', async ({ page }) => {
    await page.goto('/entregas');
    await hydrated(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Vitrine, página inicial' })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('link', { name: 'Minha conta' })).toHaveAttribute('href', '/minha-conta');
    const cart = banner.getByRole('link', { name: 'Sacola, 0 itens' });
    await expect(cart).toBeVisible();
    await expect(cart.locator('.site-header__badge')).toHaveText('0');
    // Icons are inline SVG, hidden from assistive technology (the links carry the names).
    await expect(cart.locator('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  test('is transparent over the hero on the home page only, also after client-side navigation', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const header = page.locator('header.site-header');
    const bar = page.locator('.site-header__bar');
    await expect(header).toHaveClass(/site-header--transparent/);
    const alpha = (bg: string) => Number(/rgba?\([^)]*[,/]\s*([\d.]+)\)$/.exec(bg)?.[1] ?? 1);
    expect(alpha(await bar.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(1);
    // The hero starts under the bar.
    const barBox = (await bar.boundingBox())!;
    const heroBox = (await page.locator('.hero').boundingBox())!;
    expect(heroBox.y).toBeLessThan(barBox.y + barBox.height);

    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await page.locator('footer').getByRole('link', { name: 'Entregas' }).click();
    await expect(page).toHaveURL(/\/entregas$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await expect(header).not.toHaveClass(/site-header--transparent/);
    await expect(bar).toHaveCSS('background-color', 'rgb(29, 29, 29)');
  });

  test('is hidden on /checkout, also when navigating client-side in and out', async ({ page }) => {
    await page.goto('/checkout');
    await hydrated(page);
    await expect(page.locator('body')).toHaveClass(/checkout/);
    await expect(page.locator('.site-header__bar')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Avisos' })).toBeHidden();

    await page.goto('/entregas');
    await hydrated(page);
    await expect(page.locator('.site-header__bar')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
      const link = document.createElement('a');
      link.href = '/checkout';
      link.textContent = 'Ir para o checkout';
      document.querySelector('main')!.append(link);
    });
    await page.getByRole('link', { name: 'Ir para o checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator('.site-header__bar')).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/entregas$/);
    await expect(page.locator('.site-header__bar')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  });

  for (const { width, height, barHeight } of [
    { width: 375, height: 500, barHeight: 96 },
    { width: 800, height: 500, barHeight: 56 },
    { width: 1280, height: 500, barHeight: 56 },
  ]) {
    test(`bar layout at ${width}px: fixed height, sticky, tap targets, no shift while hydrating`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.addInitScript(() => {
        const shifts: { value: number; inHeader: boolean }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node?: Node }[];
          })[]) {
            const inHeader = (entry.sources ?? []).some((s) => s.node instanceof Element && !!s.node.closest('header'));
            shifts.push({ value: entry.value, inHeader });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/entregas');
      await headerReady(page);
      const bar = page.locator('.site-header__bar');
      expect((await bar.boundingBox())!.height).toBe(barHeight);
      const search = page.getByRole('search');
      await expect(search).toBeVisible();
      const account = page.getByRole('banner').getByRole('link', { name: 'Minha conta' });
      if (width < 768) expect((await search.boundingBox())!.y).toBeGreaterThan((await account.boundingBox())!.y);

      for (const target of [
        account,
        page.getByRole('banner').getByRole('link', { name: /^Sacola/ }),
        page.getByRole('button', { name: 'Buscar', exact: true }),
        page.getByRole('button', { name: 'Pausar avisos' }),
        page.getByRole('button', { name: /Copiar cupom/ }),
      ]) {
        const box = (await target.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      }

      await page.mouse.wheel(0, 600);
      await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number; inHeader: boolean }[] }).__shifts,
      );
      expect(shifts.filter((s) => s.inHeader)).toEqual([]);
    });
  }

  // The header over the home page's hero (transparent); the solid header of every other page is checked whole, with
  // the same tags, on the first of test/e2e/content-pages.spec.ts's pages.
  test('has no WCAG A/AA violations on /', async ({ page }) => {
    await page.goto('/');
    await headerReady(page);
    const results = await new AxeBuilder({ page })
      .include('header.site-header')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
