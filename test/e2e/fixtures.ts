import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from '@playwright/test';

const SETTLE_MS = 15_000;
const ANSWERED_GRACE_MS = 1_000;

/**
 * Shared e2e fixtures:
 * - every page must load without console errors (each test fails if one appears);
 * - viewport prefetching is off unless a spec opts in with `test.use({ prefetch: true })` (the navigator honours
 *   Save-Data), so a test's requests are its own; `settle()` waits for every request of the context before a page
 *   goes away (also at the end), so no test leaves work running into the next one.
 */
const REQUEST_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch']);

/**
 * An API request context whose calls are retried once on ECONNRESET, the one error Playwright's `maxRetries` retries.
 * workerd closes an idle keep-alive connection after a few seconds; a request written on it at that very moment is
 * reset before the server reads it. Browsers resend such a request by themselves; Playwright's API client does not.
 */
function retryingResets(api: APIRequestContext): APIRequestContext {
  return new Proxy(api, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!REQUEST_METHODS.has(String(prop))) return value.bind(target);
      return (url: string, options: object = {}) => value.call(target, url, { maxRetries: 1, ...options });
    },
  });
}

/** What every test's browser context gets (the `context` fixture; a spec making its own contexts calls it too). */
export async function prepareContext(
  context: BrowserContext,
  {
    prefetch = false,
    consentBanner = false,
    baseURL,
  }: { prefetch?: boolean; consentBanner?: boolean; baseURL: string | undefined },
): Promise<void> {
  if (!prefetch) {
    await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
  }
  if (!consentBanner && baseURL) await context.addCookies([{ name: 'cookie_consent', value: 'denied', url: baseURL }]);
  // Outside the real-user measurement's sample (client/main.ts sampleVitals: a share of the views posts /api/rum as
  // the page is left, which a test counting a page's requests met one run in ten). test/e2e/web-vitals.spec.ts opts
  // its pages in with a page script of its own, which runs after this one.
  await context.addInitScript(() => {
    try {
      localStorage.setItem('vitals-sample', '0');
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  });
  // The e2e browser is Chromium's headless shell (scripts/e2e.mjs), which puts a cursor at (0,0) on every page: as
  // each page lays out it sends the element there pointer/mouse over and enter events, which the store rightly takes
  // as a shopper's first interaction (client/main.ts hydrates on a mouseover). No shopper put that cursor there (the
  // full browser sends nothing), so those events stop at the window; a test's own mouse moves are never at (0,0).
  await context.addInitScript(() => {
    const ghost = (event: MouseEvent) => {
      if (event.isTrusted && event.clientX === 0 && event.clientY === 0) event.stopImmediatePropagation();
    };
    for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter'])
      window.addEventListener(type, ghost as EventListener, true);
  });
}

export const test = base.extend<{
  consoleErrors: string[];
  settle: () => Promise<void>;
  prefetch: boolean;
  consentBanner: boolean;
}>({
  request: async ({ request }, use) => use(retryingResets(request)),
  page: async ({ page }, use) => {
    Object.defineProperty(page, 'request', { value: retryingResets(page.request) });
    await use(page);
  },
  prefetch: [false, { option: true }],
  // The cookie-consent banner (a fixed bar) would cover bottom-of-page controls: answered up front unless a spec opts in.
  consentBanner: [false, { option: true }],
  context: async ({ context, prefetch, consentBanner, baseURL }, use) => {
    await prepareContext(context, { prefetch, consentBanner, baseURL });
    await use(context);
  },
  settle: [
    async ({ page }, use) => {
      // A request → when its response arrived (0 until then).
      const inflight = new Map<Request, number>();
      const context = page.context();
      context.on('request', (r) => inflight.set(r, 0));
      context.on('response', (r) => inflight.has(r.request()) && inflight.set(r.request(), Date.now()));
      context.on('requestfinished', (r) => inflight.delete(r));
      context.on('requestfailed', (r) => inflight.delete(r));
      // Chromium never reports some answered requests as finished (the navigator's fetch of `/` after a history
      // back is one, typed `other`): a request answered over a second ago counts as done, instead of waiting 15 s.
      const pending = () =>
        [...inflight.values()].some((answeredAt) => answeredAt === 0 || Date.now() - answeredAt < ANSWERED_GRACE_MS);
      const settle = async () => {
        for (const end = Date.now() + SETTLE_MS; pending() && Date.now() < end;) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await use(settle);
      await settle();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg: ConsoleMessage) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits for client hydration (client/app.tsx marks the document), and for a client-side navigation's new page to
 * be hydrated too (client/navigation.ts marks the document while one is under way: its URL changes before the new
 * page's lazy islands are interactive). The islands hydrate on the shopper's first interaction (client/main.ts): a
 * Shift key press is one that changes nothing else (no character, no focus move). It is repeated until the page
 * marks itself, since a press before the entry script ran meets no listener yet.
 */
export async function hydrated(page: Page): Promise<void> {
  const mark = page.locator('html[data-hydrated]:not([data-navigating])');
  await expect(async () => {
    if ((await mark.count()) === 0) await page.keyboard.press('Shift');
    await expect(mark).toHaveCount(1, { timeout: 1000 });
  }).toPass();
}

/**
 * A screenshot kept for a person to look at (never compared), taken only with `E2E_SHOTS=1`: full-page PNG encoding is
 * the costliest thing a test can ask of the browser, and nobody looks at them in the test command's run.
 */
export async function keepScreenshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await page.screenshot({ path, ...options });
}
