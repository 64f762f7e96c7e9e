import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, hydrated, keepScreenshot } from './fixtures';

/**
 * Walking like a shopper (issue 14): every page type at four widths, each loaded once, all checks on that load.
 * Pages after the first are reached client-side (through the navigator) with the menu left open on the page
 * before, so "in and out" of every page is a real client-side move.
 */
export const WIDTHS = [375, 768, 1000, 1366] as const;
/**
 * Screenshots (kept, not compared, for a person to look at) at the phone and desktop widths, when asked for with
 * `E2E_SHOTS=1` (keepScreenshot): full-page PNGs of every page were half of the walk's time.
 */
const SHOT_WIDTHS: readonly number[] = [375, 1366];
const SHOTS = 'test-results/screenshots';

/** English words that must not reach a shopper (whole words, case-sensitive: pt-BR says "login", "Outlet"…). */
export const BANNED_WORDS = [
  'Network Error',
  'Request aborted',
  'timeout of',
  'undefined',
  'null',
  'NaN',
  'Loading',
  'Submit',
  'Cancel',
  'Close',
  'Search',
  'Cart',
  'Add to',
  'Sign in',
  'Sign up',
  'Log in',
  'Password',
  'Next',
  'Previous',
  'Back',
  'Continue',
  'Free',
  'Shipping',
  'Size',
  'Quantity',
  'Price',
  'Error',
  'Not found',
  'Remove',
  'Apply',
  'Coupon',
  'Orders',
  'Favorites',
  'Sold out',
  'Out of stock',
  'Payment',
  'Delivery',
  'Your ',
];

const MOBILE_MAX = 1000;

export interface Expectation {
  /** The store's header (spec §2: hidden in checkout). */
  header: boolean;
}

async function noOverflow(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}

async function noEnglish(page: Page, label: string): Promise<void> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = BANNED_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word.trim()}([^\\p{L}]|$)`, 'u').test(text));
  expect(found, `${label}: English words in the visible text`).toEqual([]);
}

/** Overlays and header after a (client-side) arrival: nothing of the previous page left open. */
async function overlaysClosed(page: Page, label: string, want: Expectation): Promise<void> {
  const state = await page.evaluate(() => ({
    body: document.body.className,
    drawer: !!document.querySelector('#menu-drawer:not([hidden])'),
    cart: !!document.querySelector('[data-testid="cart-drawer"]'),
    popover: !!document.querySelector('[data-testid="cart-popover"]'),
    headerVisible: (() => {
      const bar = document.querySelector('.site-header__bar');
      return !!bar && bar.getBoundingClientRect().height > 0;
    })(),
  }));
  expect(state.drawer, `${label}: menu drawer left open`).toBe(false);
  expect(state.cart, `${label}: cart drawer left open`).toBe(false);
  expect(state.popover, `${label}: cart popover left open`).toBe(false);
  expect(state.body, `${label}: body classes`).not.toMatch(/\b(menu-open|cart-open)\b/);
  expect(state.headerVisible, `${label}: header shown`).toBe(want.header);
}

/** The menu opens from this page and every top-level entry can be reached (on screen, not covered). */
async function menuReachable(page: Page, label: string, width: number): Promise<void> {
  if (width <= MOBILE_MAX) {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.locator('#menu-drawer');
    await expect(drawer).toBeVisible();
    const { count, height, problems } = await page.evaluate(reachMenu, true);
    expect(count, `${label}: menu entries`).toBeGreaterThan(5);
    expect(height, `${label}: drawer height`).toBeGreaterThan(Math.min(300, page.viewportSize()!.height / 2));
    expect(problems, `${label}: entries outside the drawer or covered`).toEqual([]);
    return;
  }
  const { count, problems } = await page.evaluate(reachMenu, false);
  expect(count, `${label}: menu entries`).toBeGreaterThan(5);
  expect(problems, `${label}: entries off screen, covered or clipped`).toEqual([]);
  await page.locator('.menu-desktop__link').first().hover();
  await expect(
    page.locator('.menu-desktop__item.is-open .menu-panel, .menu-desktop__item:hover .menu-panel').first(),
  ).toBeVisible();
  await page.mouse.move(1, page.viewportSize()!.height - 2);
}

/**
 * Runs in the page (Playwright sends its source, so it is self-contained): every top-level entry checked in one call
 * rather than several round trips per entry. Phones: each entry, scrolled into view inside the drawer, lies inside it.
 * Desktop: each link is on screen. Both: the entry is on top at its centre and near its ends (not under the search
 * box, not clipped by its list).
 */
function reachMenu(phone: boolean): { count: number; height: number; problems: string[] } {
  const selector = '.menu-drawer__entry, .menu-desktop__link';
  const coveredAt = (entry: Element): string => {
    const { x, y, width, height } = entry.getBoundingClientRect();
    const covering: string[] = [];
    const centre = document.elementFromPoint(x + width / 2, y + height / 2)?.closest(selector);
    for (const px of [x + 3, x + width / 2, x + width - 3]) {
      const el = document.elementFromPoint(px, y + height / 2);
      if (!centre || !el || el.closest(selector) !== centre)
        covering.push(el ? `${el.tagName.toLowerCase()}.${String(el.className)}` : 'nothing');
    }
    return covering.join(', ');
  };
  const drawer = document.querySelector('#menu-drawer');
  const box = phone && drawer ? drawer.getBoundingClientRect() : null;
  const entries = Array.from(
    document.querySelectorAll(
      phone ? '#menu-drawer .menu-drawer__list > li > .menu-drawer__entry' : '.menu-desktop__link',
    ),
  );
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    if (box) {
      entry.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      const eb = entry.getBoundingClientRect();
      if (!(eb.y >= box.y - 1 && eb.y + eb.height <= box.y + box.height + 1))
        problems.push(`entry ${i} outside the drawer`);
    } else {
      const eb = entry.getBoundingClientRect();
      if (!(eb.x >= 0 && eb.x + eb.width <= window.innerWidth)) problems.push(`entry ${i} off screen`);
    }
    const by = coveredAt(entry);
    if (by) problems.push(`entry ${i} covered or clipped by ${by}`);
  });
  return { count: entries.length, height: box?.height ?? 0, problems };
}

/**
 * All checks on one page: width, text, overlays, header, menu; then a screenshot. The menu is left open
 * (phones) so that the next client-side move must close it.
 */
export async function walkChecks(
  page: Page,
  name: string,
  width: number,
  want: Expectation = { header: true },
): Promise<void> {
  const label = `${name} @${width}`;
  await overlaysClosed(page, label, want);
  await noOverflow(page, label);
  await noEnglish(page, label);
  if (SHOT_WIDTHS.includes(width)) {
    mkdirSync(SHOTS, { recursive: true });
    await keepScreenshot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
  if (want.header) await menuReachable(page, label, width);
  // With a drawer open the page may not scroll sideways either (a clipped drawer is what shoppers saw).
  await noOverflow(page, `${label} (menu open)`);
}

/**
 * A client-side move to `href` (an ordinary link click through the navigator); a page with another shell
 * (checkout) is a full load, which is waited for too.
 */
export async function go(page: Page, href: string): Promise<void> {
  const before = page.url();
  const moved = page
    .evaluate(
      (to) =>
        new Promise<string>((resolve) => {
          window.addEventListener('vitrine:navigate', () => resolve('client'), { once: true });
          const a = document.createElement('a');
          a.href = to;
          document.body.append(a);
          a.click();
          a.remove();
        }),
      href,
    )
    .catch(() => 'full');
  const how = await moved;
  if (how === 'full' || page.url() === before) {
    await page.waitForURL((url) => url.pathname + url.search === href || url.href !== before, { timeout: 15_000 });
    await page.waitForLoadState('domcontentloaded');
    await hydrated(page);
  }
}
