import { holdClicks } from './held-clicks';
import type { Bootstrap, Stores } from './stores';

/**
 * Island-aware navigator (ADR 0003): fetches the next page's HTML, swaps only `<main>`, hydrates the
 * islands inside it and keeps the header, cart and stores alive. Anything it cannot handle is a full load.
 */
interface NavigatorDeps {
  stores: Stores;
  /** Resolves once the scope's islands, lazy ones included, are hydrated. */
  hydrate(scope: Element): Promise<void> | void;
  unmount(scope: Element): void;
}

const PREFETCH_TTL_MS = 30_000;
const NOT_PAGES = /^\/(?:api|build|images)\/|\.[a-z0-9]{2,5}$/i;

let deps: NavigatorDeps | null = null;
const prefetched = new Map<string, { at: number; html: Promise<string | null> }>();
let current = 0;

function eligibleUrl(href: string): URL | null {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || NOT_PAGES.test(url.pathname)) return null;
  return url;
}

async function fetchPage(url: string): Promise<string | null> {
  const response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html') || new URL(response.url).origin !== location.origin) return null;
  return response.text();
}

function cached(url: string): Promise<string | null> | null {
  const hit = prefetched.get(url);
  if (!hit) return null;
  prefetched.delete(url);
  return Date.now() - hit.at < PREFETCH_TTL_MS ? hit.html : null;
}

export function prefetch(url: string): void {
  if (prefetched.has(url)) return;
  prefetched.set(url, { at: Date.now(), html: fetchPage(url).catch(() => null) });
}

function syncHead(next: Document): void {
  document.title = next.title;
  for (const selector of [
    'meta[name="description"]',
    'meta[name="robots"]',
    'link[rel="canonical"]',
    'link[rel="prev"]',
    'link[rel="next"]',
  ]) {
    const mine = document.head.querySelector(selector);
    const theirs = next.head.querySelector(selector);
    // `ChildNode`: the worker typecheck (which sees islands importing this file) merges in HTMLRewriter's `Element`.
    if (mine && theirs) (mine as ChildNode).replaceWith(theirs as Node);
    else if (mine) mine.remove();
    else if (theirs) document.head.appendChild(theirs);
  }
}

/**
 * Only <main> is swapped, so the next page's header or app menu must already be here (from a
 * directly loaded checkout, which has no header, a client-side move left the next page without one).
 * A header the next page lacks may stay: its body class hides it (checkout).
 */
function shellMissing(next: Document): boolean {
  return ['Header', 'AppMenu'].some((name) => {
    const island = `[data-island="${name}"]`;
    return !!next.querySelector(island) && !document.querySelector(island);
  });
}

/**
 * The next page's islands hydrate with these stores, so they must hold what that page was rendered with. A page
 * rendered for this shopper carries their cart in its bootstrap (the `/sacola` lines, the checkout's items): the
 * cart store takes it. A page from the edge cache (`shared`) was rendered without any cart and its islands do not
 * show it: the store keeps what it has.
 */
function adoptRenderedCart(next: Document, stores: Stores): void {
  const text = next.getElementById('bootstrap')?.textContent;
  const boot = text ? (JSON.parse(text) as Bootstrap) : null;
  if (boot && !boot.shared) stores.cart.replace(boot.cart);
}

/** Navigates client-side; falls back to a full page load whenever the answer is not a page we can swap. */
export async function navigate(href: string, opts: { history?: 'push' | 'replace' | 'none' } = {}): Promise<void> {
  const url = eligibleUrl(href);
  if (!deps || !url) {
    location.assign(href);
    return;
  }
  const ticket = ++current;
  const { ui, cart } = deps.stores;
  ui.setNavigating(true);
  // `html[data-hydrated]` stays (its CSS must not flash), so "the page is interactive" is `data-hydrated` without this.
  document.documentElement.dataset.navigating = 'true';
  // Overlays belong to the page being left (the cart drawer once stayed open over /checkout).
  ui.setMenuOpen(false);
  ui.closeCart();
  ui.closeLogin();
  cart.dismissAdded();
  try {
    const html = await (cached(url.href) ?? fetchPage(url.href));
    if (ticket !== current) return;
    const next = html ? new DOMParser().parseFromString(html, 'text/html') : null;
    const nextMain = next?.querySelector('main#conteudo');
    // DOMParser parses with scripting off: a `<noscript>` (the checkout's no-JS form) would become live markup here,
    // where a browser with scripting on never builds it.
    for (const fallback of Array.from(nextMain?.querySelectorAll('noscript') ?? [])) fallback.remove();
    const main = document.querySelector('main#conteudo');
    if (!next || !nextMain || !main || shellMissing(next)) {
      location.assign(url.href);
      return;
    }
    if (opts.history !== 'none') {
      history[opts.history === 'replace' ? 'replaceState' : 'pushState']({ vitrine: true }, '', url.href);
    }
    deps.unmount(main);
    shownPage = pageOf(url.href);
    adoptRenderedCart(next, deps.stores);
    main.replaceChildren(...Array.from(nextMain.childNodes, (n) => document.adoptNode(n)));
    syncHead(next);
    document.body.className = next.body.className;
    if (url.hash) document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
    (main as HTMLElement).focus({ preventScroll: true });
    // The loading bar stays until lazy islands of the new page (their own chunks) are interactive. A tap in the new
    // page before then (a form's submit button while its chunk loads on a slow phone) waits for them, as on a first load.
    const hydration = Promise.resolve(deps.hydrate(main));
    holdClicks(main)(hydration);
    await hydration;
    if (ticket !== current) return;
    window.dispatchEvent(new CustomEvent('vitrine:navigate', { detail: { url: url.href } }));
  } catch {
    location.assign(url.href);
  } finally {
    if (ticket === current) {
      ui.setNavigating(false);
      delete document.documentElement.dataset.navigating;
    }
  }
}

function onClick(event: MouseEvent): void {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return;
  }
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  if (
    (link.target && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.dataset.fullLoad !== undefined
  ) {
    return;
  }
  const url = eligibleUrl(link.href);
  if (!url) return;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  void navigate(url.href);
}

/** Hover shorter than this is a pointer passing over the link, not an intent to follow it. */
const HOVER_INTENT_MS = 65;
let hoverTimer: ReturnType<typeof setTimeout> | undefined;

function saveData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

/** The link an intent event is about, when following it would be a client-side navigation worth prefetching. */
function prefetchable(target: EventTarget | null): string | null {
  const link = (target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  // `data-no-prefetch`: links a page has many of and few are followed (listing facets).
  if (
    (link.target && link.target !== '_self') ||
    link.dataset.fullLoad !== undefined ||
    link.dataset.noPrefetch !== undefined
  ) {
    return null;
  }
  const url = eligibleUrl(link.href);
  // Same page (e.g. the skip link's #conteudo) is never worth a request.
  if (!url || url.pathname + url.search === location.pathname + location.search) return null;
  return url.href;
}

/**
 * Prefetch on intent only: a pointer resting on a link, a touch starting on it or keyboard focus
 * reaching it. Nothing is fetched, parsed or scheduled before the shopper interacts; the fetched HTML is kept
 * as text and parsed only if the navigation happens.
 */
function onIntent(event: Event): void {
  const href = prefetchable(event.target);
  if (!href) return;
  if (event.type === 'mouseover') {
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => prefetch(href), HOVER_INTENT_MS);
  } else prefetch(href);
}

function onPointerLeave(event: MouseEvent): void {
  if (prefetchable(event.target)) clearTimeout(hoverTimer);
}

function startPrefetching(): void {
  if (saveData()) return;
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('mouseout', onPointerLeave, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
}

/** The page `<main>` shows: a history entry of that same page (a fragment, a checkout step) is the page's own. */
let shownPage = '';
const pageOf = (href: string) => {
  const url = new URL(href);
  return url.pathname + url.search;
};

export function startNavigator(d: NavigatorDeps): void {
  deps = d;
  shownPage = pageOf(location.href);
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', () => {
    if (pageOf(location.href) !== shownPage) void navigate(location.href, { history: 'none' });
  });
  // Keeps what the page's own entry holds (the checkout's step survives a reload).
  history.replaceState({ ...(history.state as object | null), vitrine: true }, '', location.href);
  startPrefetching();
}
