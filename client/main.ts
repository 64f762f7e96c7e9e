import type { Bootstrap } from './stores';
import { rakutenSiteId } from './affiliate';
import { ensureConsentDefault } from './analytics';
import { browserPersistence } from './cart-persistence';
import { startHeaderClocks } from './header-clocks';
import { holdClicks } from './held-clicks';
import { hasNativeBridge } from './native-bridge';
import { startPageScripts } from './page-scripts';
import { startWebWidgets } from './widgets/start';
import { STYLESHEET_ID } from '../src/ui/stylesheet-id';

/**
 * The entry: what every page runs before the shopper interacts, and nothing more. No React: the page
 * is the server's HTML, already complete; its islands (client/app.tsx, React and the stores) load and hydrate on
 * the shopper's first interaction with the page. Before that only the consent default, the header's clocks (strip,
 * countdown, search hints: client/header-clocks.ts), the plain-DOM page scripts (page-view analytics) and the web
 * widgets (plain DOM, wired as the document is parsed) run.
 */

// The first of these anywhere on the page is an interaction: the app loads and every island hydrates.
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'] as const;

function readBootstrap(): Bootstrap {
  const text = document.getElementById('bootstrap')?.textContent;
  return text ? (JSON.parse(text) as Bootstrap) : { session: { user: null }, cart: { count: 0 }, appMode: false };
}

/**
 * Resolves once the parser is past the element `id` (or the document is parsed). React 19 hoists the async module
 * script to the top of <head>, ahead of the bootstrap; with the bundle in the browser cache (`/build/*` is
 * immutable) it may run before the parser got there. Starting then, the stores would take the anonymous fallback
 * while the HTML shows the shopper's page (greeting, cart, hearts), and every island would hydrate with a mismatch
 * (React #418).
 */
function parsedPast(id: string): Promise<void> {
  const ready = () => document.readyState !== 'loading' || document.getElementById(id)?.nextSibling != null;
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (ready()) done();
    });
    const done = () => {
      observer.disconnect();
      resolve();
    };
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', done, { once: true });
  });
}

function domReady(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/**
 * Pages that cannot wait for an interaction: the app webview (the native side talks to the page), a page from the
 * edge cache for a browser that has a cart (its badge), an affiliate landing (reported once) and an order
 * confirmation (its purchase event and payment polling). The checkout waits like any page (the server renders its
 * first step as the island does, client/islands/checkout/index.tsx) unless its history entry is at a later step (a reload,
 * a Back into it): the island resumes there, which must not happen under the shopper's first tap.
 */
function startsAtOnce(boot: Bootstrap, inApp: boolean): boolean {
  return (
    inApp ||
    (boot.shared === true && browserPersistence.readId() !== null) ||
    rakutenSiteId(location.search) !== null ||
    document.querySelector('[data-island="OrderTracker"]') !== null ||
    (document.querySelector('[data-island="Checkout"]') !== null && laterCheckoutStep())
  );
}

function laterCheckoutStep(): boolean {
  const step = (history.state as { checkoutStep?: unknown } | null)?.checkoutStep;
  return typeof step === 'number' && step > 0;
}

/**
 * A sampled page view reports its web vitals (client/vitals.ts), loaded once the page has: never in the way of the
 * first paint. `localStorage['vitals-sample']` set to `'1'` or `'0'` makes this browser always or never report
 * (checking the pipeline; measuring a page without it).
 */
function sampleVitals(boot: Bootstrap): void {
  const vitals = boot.vitals;
  if (!vitals) return;
  let forced: string | null = null;
  try {
    forced = localStorage.getItem('vitals-sample');
  } catch {
    // Storage refused (privacy mode): sampled like any other view.
  }
  if (forced === '0' || (forced !== '1' && Math.random() >= vitals.sample)) return;
  const load = () => void import('./vitals').then((m) => m.reportVitals(vitals.route));
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}

async function boot(): Promise<void> {
  // The header ends where the stylesheet's link is (src/pages/shell.tsx): its clocks start as soon as it is parsed,
  // on a streamed page long before the document is.
  void parsedPast(STYLESHEET_ID).then(() => startHeaderClocks());
  await parsedPast('bootstrap');
  const bootstrap = readBootstrap();
  sampleVitals(bootstrap);
  // ADR 0004: the native bridge alone means the app, even on a page the server rendered for the web.
  const nativeBridge = hasNativeBridge();
  const inApp = bootstrap.appMode || nativeBridge;
  if (nativeBridge) void domReady().then(() => document.body.classList.add('app-mode'));

  let started = false;
  const release = holdClicks();
  const load = () => release(import('./app').then((app) => app.start(bootstrap, nativeBridge)));
  /** True the first time only: the app starts once, on the first interaction or at once. */
  const begin = (): boolean => {
    if (started) return false;
    started = true;
    for (const type of INTENT) document.removeEventListener(type, start, true);
    return true;
  };
  const start = (event: Event) => {
    if (!begin()) return;
    // A tap: the app after the frame that answers it (client/first-answers.ts). Its evaluation and hydration are long
    // tasks, and on a fast network they arrived before that frame and held back the tap's own answer. Any other
    // first interaction (a key, focus, the mouse) has no such answer to wait for.
    if (event.type === 'pointerdown' || event.type === 'touchstart') requestAnimationFrame(() => setTimeout(load, 0));
    else load();
  };
  for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
  await domReady();
  startWebWidgets(inApp);
  startPageScripts(document);
  if (startsAtOnce(bootstrap, inApp) && begin()) load();
}

ensureConsentDefault();
void boot();
