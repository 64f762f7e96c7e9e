import type { BrowserContext, Page } from '@playwright/test';
import { APP_UA, installFakeApp } from './app-bridge';
import { fillCart, registerCustomer } from './checkout-helpers';
import { expect, prepareContext, test } from './fixtures';

/**
 * What the spec says moves moves from the first paint, with no interaction (spec §2, §9; ADR 0024): on every page type
 * with the header, a shopper who touches nothing for 7 s sees the countdown change each second, the strip move to
 * its next message and the search placeholder go through its three hints, while no island has hydrated.
 */
interface Watched {
  /** Every text the countdown showed and when, in order (a MutationObserver: none is missed between two samples). */
  countdowns: { text: string; at: number }[];
  endsAt: number;
  /** The strip's current message and the placeholder, sampled every 100 ms. */
  strips: number[];
  placeholders: string[];
}

async function watch(page: Page, ms: number): Promise<Watched> {
  // From the moment the clocks run (the first text is then the clock's, not the server's from a while ago).
  await expect(page.locator('.announcement[data-clock-started]')).toHaveCount(1);
  return page.evaluate(async (duration) => {
    const countdown = document.querySelector('.promo__countdown');
    const endsAt = Number(document.querySelector<HTMLElement>('.promo')?.dataset.endsAt);
    const shown = () => ({ text: countdown?.textContent ?? '', at: Date.now() });
    const countdowns = countdown ? [shown()] : [];
    const observer = new MutationObserver(() => countdowns.push(shown()));
    if (countdown) observer.observe(countdown, { childList: true, characterData: true, subtree: true });
    const strips: number[] = [];
    const placeholders: string[] = [];
    for (const end = performance.now() + duration; performance.now() < end;) {
      const items = Array.from(document.querySelectorAll('.announcement__item'));
      strips.push(items.findIndex((item) => item.classList.contains('announcement__item--current')));
      placeholders.push(document.querySelector<HTMLInputElement>('input.search-box__input')?.placeholder ?? '');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    observer.disconnect();
    return { countdowns, endsAt, strips, placeholders };
  }, ms);
}

/** `2d 05:03:09` or `05:03:09` → seconds. */
function seconds(text: string): number {
  const [, days, h, m, s] = text.match(/^(?:(\d+)d )?(\d{2}):(\d{2}):(\d{2})$/)!;
  return Number(days ?? 0) * 86_400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
}

const PAGES: [string, (page: Page, baseURL: string) => Promise<string>][] = [
  ['home', async () => '/'],
  ['listing', async () => '/moda-praia'],
  ['search', async () => '/search?q=biquini'],
  [
    'product',
    async (page) => (await (await page.request.get('/moda-praia')).text()).match(/href="(\/[^"?#]+\/p)"/)![1]!,
  ],
  ['/sacola', async (page, baseURL) => (await fillCart(page.request, baseURL), '/sacola')],
  ['/cadastro', async () => '/cadastro'],
  ['account', async (page, baseURL) => (await registerCustomer(page, baseURL), '/minha-conta')],
];

test.describe('the header moves by itself', () => {
  // One test per page type, watching together: every page is opened in a tab of its own (a headless page's timers are
  // never throttled as a background tab's would be) and watched from its first paint while the next one loads, so the
  // 7 s untouched are waited once rather than once per type. The tabs share one context, in order: the bag's page is
  // opened with its cart before the account's registration signs the context in.
  test.describe.configure({ mode: 'serial' });
  const watched = new Map<string, { seen: Watched; hydrated: number; errors: string[] }>();
  let context: BrowserContext | undefined;

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(90_000);
    const { baseURL, locale, timezoneId } = testInfo.project.use;
    context = await browser.newContext({ baseURL, locale, timezoneId });
    await prepareContext(context, { baseURL });
    const watching: Promise<void>[] = [];
    for (const [type, pathOf] of PAGES) {
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
      tab.on('pageerror', (error) => errors.push(error.message));
      const path = await pathOf(tab, baseURL!);
      await tab.goto(path, { waitUntil: 'domcontentloaded' });
      watching.push(
        watch(tab, 7000).then(async (seen) => {
          watched.set(type, { seen, hydrated: await tab.locator('html[data-hydrated]').count(), errors });
        }),
      );
    }
    await Promise.all(watching);
  });
  test.afterAll(() => context?.close());

  for (const [type] of PAGES) {
    test(`${type}: countdown every second, the strip's next message and all three search hints, untouched for 7 s`, () => {
      const { seen, hydrated, errors } = watched.get(type)!;
      // It ticks: six or seven values in 7 s, each the time left when it was shown (to the second; on a very busy
      // machine a timer can fire over a second late, which skips a value but never shows a wrong one).
      expect(new Set(seen.countdowns.map((c) => c.text)).size).toBeGreaterThanOrEqual(5);
      for (const { text, at } of seen.countdowns) {
        expect(Math.abs(seconds(text) - Math.floor((seen.endsAt - at) / 1000)), text).toBeLessThanOrEqual(1);
      }
      expect(seen.strips[0]).toBe(0);
      expect(seen.strips).toContain(1);
      expect(new Set(seen.placeholders)).toEqual(new Set(['Moda Praia', 'Tops', 'Leggings']));
      // All of it without the app: nothing hydrated, no interaction; and no console error on the way.
      expect(hydrated).toBe(0);
      expect(errors, 'console errors').toEqual([]);
    });
  }
});

test.describe('the strip, untouched', () => {
  test('the strip pauses on its button before anything hydrated, and resumes', async ({ page }) => {
    await page.goto('/entregas', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Pausar avisos' }).click();
    await expect(page.getByRole('button', { name: 'Retomar avisos' })).toBeVisible();
    const seen = await watch(page, 5000);
    expect(seen.strips.every((strip) => strip === 0)).toBe(true);
    await page.getByRole('button', { name: 'Retomar avisos' }).click();
    await expect(page.getByRole('button', { name: 'Pausar avisos' })).toBeVisible();
  });
});

test.describe('in the app', () => {
  test.use({ userAgent: APP_UA });
  test.beforeEach(async ({ context }) => installFakeApp(context));

  test('only what the app shows: no strip, banner or search box, on any page type', async ({ page }) => {
    for (const path of ['/', '/moda-praia', '/search?q=biquini', '/cadastro']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('.announcement, .promo, input.search-box__input')).toHaveCount(0);
    }
  });
});

test.describe('a page from the edge cache', () => {
  test('whose promotion ended after it was cached shows no banner, within a second of load', async ({
    page,
    request,
  }) => {
    const path = '/moda-praia?ordem=discount';
    // Cached while the promotion runs (the seed ends it in five days).
    await request.get(path);
    const cached = await request.get(path);
    expect(['HIT', 'STALE']).toContain(cached.headers()['x-edge-cache']);
    const html = await cached.text();
    const endsAt = Number(html.match(/data-ends-at="(\d+)"/)![1]);
    expect(html).toContain('class="promo"');

    // The shopper opens it after the end: the cached HTML still carries the banner.
    await page.clock.install({ time: endsAt + 5000 });
    const answer = await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(['HIT', 'STALE']).toContain(answer?.headers()['x-edge-cache']);
    await expect(page.getByRole('region', { name: 'Promoção' })).toHaveCount(0, { timeout: 1000 });
    await expect(page.getByRole('region', { name: 'Avisos' })).toBeVisible();
  });
});
