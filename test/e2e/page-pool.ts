import type { Browser, BrowserContext, CDPSession, Page, TestInfo } from '@playwright/test';

/**
 * One browser tab per Playwright worker, handed from test to test (ADR 0018 addendum: the e2e tier is CPU-bound on
 * the 2-core CI machine, and a new context with a new tab costs about 1 CPU-second more than a navigation in a tab
 * that already exists: a new renderer process, and scripts fetched and compiled again).
 *
 * Between two tests the tab is made as good as new for what a shopper's state can hold: cookies, local and session
 * storage, IndexedDB and the tab's history are cleared, the tab is on `about:blank` and every listener a test added is
 * gone. What it keeps is the browser's HTTP and code caches, as a returning shopper's browser would.
 *
 * A test that changes the tab or context in a way that cannot be undone cheaply (a clock, routes, init scripts,
 * emulation, a CDP session, permissions, a viewport or extra headers), that fails, or that closes the tab, leaves the
 * pool: its context is closed and the next test gets a new one. A spec whose subject is a first visit (bytes fetched,
 * the first load's hydration) asks for a context of its own with `test.use({ freshContext: true })`.
 */
type Emitter = Pick<Page, 'off'> & { eventNames(): (string | symbol)[]; rawListeners(name: string | symbol): ((...args: unknown[]) => void)[] };
export type PooledTab = {
  key: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  dirty: boolean;
  origins: Set<string>;
  /** Each emitter's listeners as the test starts (Playwright's own among them): the test's are the others. */
  listeners: Map<Emitter, Map<string | symbol, Set<unknown>>>;
};
export type TabPool = { current: PooledTab | undefined };

/** Methods after which the tab or context is not reused (calling one marks it). */
const PAGE_MUTATORS = ['route', 'routeFromHAR', 'routeWebSocket', 'addInitScript', 'exposeFunction', 'exposeBinding', 'setViewportSize', 'emulateMedia', 'setExtraHTTPHeaders', 'addLocatorHandler'] as const;
const CONTEXT_MUTATORS = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'newCDPSession',
  'grantPermissions',
  'setGeolocation',
  'setOffline',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
] as const;
const CLOCK_METHODS = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

function markOnCall(target: object, names: readonly string[], mark: () => void): void {
  for (const name of names) {
    const original = (target as Record<string, unknown>)[name];
    if (typeof original !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        mark();
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
  }
}

/** Removes the marks (own properties shadowing the prototype's methods) before the objects are handed on. */
function unmark(target: object, names: readonly string[]): void {
  for (const name of names) delete (target as Record<string, unknown>)[name];
}

export async function takeTab(
  pool: TabPool,
  browser: Browser,
  key: string,
  options: Record<string, unknown>,
  prepare: (context: BrowserContext) => Promise<void>,
): Promise<PooledTab> {
  let tab = pool.current;
  if (tab && tab.key !== key) {
    await tab.context.close();
    tab = pool.current = undefined;
  }
  if (!tab) {
    const context = await browser.newContext(options);
    await prepare(context);
    const page = await context.newPage();
    // Created before the marks: the pool's own session, not a test's.
    const cdp = await context.newCDPSession(page);
    tab = pool.current = { key, context, page, cdp, dirty: false, origins: new Set(), listeners: new Map() };
  }
  const current = tab;
  for (const emitter of [current.page, current.context] as unknown as Emitter[]) {
    current.listeners.set(emitter, new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))])));
  }
  const mark = () => (current.dirty = true);
  markOnCall(current.page, PAGE_MUTATORS, mark);
  markOnCall(current.context, CONTEXT_MUTATORS, mark);
  markOnCall(current.page.clock, CLOCK_METHODS, mark);
  current.page.on('framenavigated', (frame) => {
    const origin = new URL(frame.url()).origin;
    if (origin.startsWith('http')) current.origins.add(origin);
  });
  return current;
}

/** After a test: the tab is cleaned for the next one, or closed when it cannot be. */
export async function releaseTab(pool: TabPool, tab: PooledTab, testInfo: TestInfo): Promise<void> {
  const { context, page, cdp } = tab;
  unmark(page, PAGE_MUTATORS);
  unmark(context, CONTEXT_MUTATORS);
  unmark(page.clock, CLOCK_METHODS);
  const reusable = !tab.dirty && testInfo.status === testInfo.expectedStatus && !page.isClosed();
  if (!reusable) {
    pool.current = undefined;
    await context.close();
    return;
  }
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    // Only the test's listeners: Playwright's own (a page's close, a context's close) stay.
    for (const [emitter, before] of tab.listeners) {
      for (const name of emitter.eventNames()) {
        const kept = before.get(name);
        for (const listener of emitter.rawListeners(name)) if (!kept?.has(listener)) emitter.off(name as 'close', listener);
      }
    }
    await page.goto('about:blank');
    await cdp.send('Page.resetNavigationHistory');
    await context.clearCookies();
    for (const origin of tab.origins) {
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,file_systems' });
      await cdp.send('DOMStorage.clear', { storageId: { securityOrigin: origin, isLocalStorage: false } });
    }
    tab.origins.clear();
  } catch {
    pool.current = undefined;
    await context.close().catch(() => {});
  }
}
