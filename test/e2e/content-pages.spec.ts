import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, prepareContext, test } from './fixtures';

const PAGES = [
  '/entregas',
  '/pagamento',
  '/perguntas-frequentes',
  '/cashback',
  '/mapa-do-site',
  '/whts-lojas',
  '/pre-livefriday',
  '/live-app',
  '/live-app/download',
];

test.describe('content pages', () => {
  test.describe('each page', () => {
    // One tab, each page a full load of its own (as a shopper arriving from a search engine): a context and a renderer
    // per page cost more than the page itself, and the pages share their scripts and styles from the tab's cache.
    test.describe.configure({ mode: 'serial' });
    let context: BrowserContext | undefined;
    let page: Page;
    const errors: string[] = [];

    test.beforeAll(async ({ browser }, testInfo) => {
      const { baseURL, locale, timezoneId } = testInfo.project.use;
      context = await browser.newContext({ baseURL, locale, timezoneId });
      await prepareContext(context, { baseURL });
      page = await context.newPage();
      page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
      page.on('pageerror', (error) => errors.push(error.message));
    });
    test.afterAll(async () => context?.close());

    for (const path of PAGES) {
      test(`${path}: 200, title, description, canonical, and no axe violations`, async () => {
        errors.length = 0;
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        // The lazy widgets are part of what axe checks.
        await expect(page.locator('a.whatsapp-fab')).toBeVisible({ timeout: 15_000 });
        await expect(page).toHaveTitle(/ \| Vitrine$/);
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
          `https://www.vitrine.com.br${path}`,
        );
        // The header (with the whole Menu-Topo, most of a content page's DOM), the strip and the footer are the same on
        // every page: checked whole on the first, the page's own content on the others.
        const axe = new AxeBuilder({ page }).withTags([
          'wcag2a',
          'wcag2aa',
          'wcag21a',
          'wcag21aa',
          'wcag22aa',
          'best-practice',
        ]);
        const result = await (path === PAGES[0] ? axe : axe.include('main')).analyze();
        expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
        expect(errors, 'console errors').toEqual([]);
      });
    }
  });

  test('FAQ answers open and close from the keyboard', async ({ page }) => {
    await page.goto('/perguntas-frequentes');
    const question = page.locator('summary', { hasText: 'Qual é o prazo de entrega?' });
    const answer = page.getByText('O prazo depende do seu CEP', { exact: false });
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(answer).toBeHidden();
  });

  test('pre-livefriday: the countdown ticks and the lead form saves with consent', async ({ page }) => {
    await page.goto('/pre-livefriday');
    await hydrated(page);
    // On Live Friday itself (the whole São Paulo day) the page says it has begun, with no countdown; any other day
    // the countdown ticks. (The worker tests render both with a fixed clock: test/worker/pages.test.ts.)
    if (await page.getByText('A Live Friday começou! Aproveite as ofertas.').isVisible()) {
      await expect(page.locator('.countdown')).toHaveCount(0);
    } else {
      const seconds = page.locator('.countdown__value').nth(3);
      const first = await seconds.textContent();
      // It ticks every second; the bound is the suite's (a loaded machine answers the polls themselves slowly).
      await expect.poll(() => seconds.textContent()).not.toBe(first);
    }

    const email = `lead${Date.now()}@example.com.br`;
    await page.getByLabel('Nome', { exact: true }).fill('Maria Lima');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('WhatsApp com DDD (opcional)').fill('(21) 99876-5432');
    // Without consent the browser's own validation stops the form: no request leaves.
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.getByRole('button', { name: 'Quero acesso antecipado' }).click();
    expect(posts).toEqual([]);
    await page.getByLabel(/Autorizo a Vitrine/).check();
    await page.getByRole('button', { name: 'Quero acesso antecipado' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Cadastro confirmado!' })).toBeVisible();
    expect(posts).toHaveLength(1);
  });
});
