import { effect } from '@preact/signals-core';
import { APP_OPEN_REDIRECT_ENABLED, appOpenTarget, CART_TOKEN_COOKIE } from '../src/lib/site/app-mode';
import { ApiRequestError } from './api';
import { navigate } from './navigation';
import type { Stores } from './stores';
import { CART_MESSAGES } from '../src/lib/messages/cart';

/**
 * The one place the page talks to the brand's app (ADR 0004; protocol in README "App webview bridge").
 * Out: `window.ReactNativeWebView.postMessage(JSON.stringify({ type, payload }))`.
 * In: `message` events (on window or document, as React Native WebView dispatches them) whose `data`
 * is that same JSON (or object), or window CustomEvents named after the type with the payload as detail.
 */
export const ADDED_TO_CART = CART_MESSAGES.addedToast;
const ADD_FAILED = 'Não foi possível adicionar o produto à sacola.';

export type OutMessage =
  | { type: 'TITLE'; payload: { title: string } }
  | { type: 'LOADING'; payload: { loading: boolean } }
  | { type: 'CART_COUNT'; payload: { count: number } }
  | { type: 'CAN_GO_BACK'; payload: { canGoBack: boolean } }
  | { type: 'NAVIGATE'; payload: { url: string } }
  | { type: 'COPY'; payload: { text: string } }
  | { type: 'REVALIDATE_CART:RESPONSE'; payload: { count: number } }
  | { type: 'ADD_TO_CART:RESPONSE'; payload: { accepted: boolean; ok: boolean; count?: number; error?: string } }
  | { type: 'LOGIN'; payload: { token: string | null; user: { id: number; name: string } } }
  | { type: 'LOGOUT'; payload: { reason: LogoutReason } };

/** Why the page's session ended: the shopper logged out, the server refused the token, or it was gone on load. */
export type LogoutReason = 'logout' | 'unauthorized' | 'expired';

export const IN_TYPES = ['ROUTE_CHANGE', 'REVALIDATE_CART:REQUEST', 'call-add-to-cart', 'token-updated'] as const;
type InType = (typeof IN_TYPES)[number];

interface NativeBridge {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    ReactNativeWebView?: NativeBridge;
  }
}

let active: { stores: Stores; native: NativeBridge } | null = null;

/** Sends a message to the app; false on the web (no native bridge). */
export function postToApp(message: OutMessage): boolean {
  if (!active) return false;
  active.native.postMessage(JSON.stringify(message));
  return true;
}

/** Copying inside the app goes through the app (webview clipboards are unreliable); true when sent. */
export function appCopy(text: string): boolean {
  return postToApp({ type: 'COPY', payload: { text } });
}

/** After an add to cart: the 'Adicionado à sacola!' toast, only on the home screen in the app (spec §4). */
export function toastAddedToCart(stores: Stores): void {
  if (active && location.pathname === '/') stores.ui.toast(ADDED_TO_CART, 'success', 2000);
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const canGoBack = (): boolean => {
  const nav = (window as Window & { navigation?: { canGoBack?: boolean } }).navigation;
  return typeof nav?.canGoBack === 'boolean' ? nav.canGoBack : history.length > 1;
};

function announcePage(): void {
  postToApp({ type: 'TITLE', payload: { title: document.title } });
  postToApp({ type: 'CAN_GO_BACK', payload: { canGoBack: canGoBack() } });
}

/**
 * The cart store takes the cart the server's cookie names (the app may have changed it). No cart yet (no
 * request-token cookie): no request (its refusal would be a console error), the store stays as rendered.
 */
async function syncCart(stores: Stores): Promise<void> {
  if (readCookie(CART_TOKEN_COOKIE)) await stores.cart.revalidate().catch(() => undefined);
}

async function revalidateCart(stores: Stores): Promise<void> {
  await syncCart(stores);
  postToApp({ type: 'REVALIDATE_CART:RESPONSE', payload: { count: stores.cart.count.value } });
}

type AddPayload = { token?: unknown; productItemId?: unknown; amount?: unknown };

/**
 * `call-add-to-cart`: honoured only when its token equals the current cart-request-token cookie. It IS the
 * cart store's add (after taking the cookie's cart, so the add goes to the cart the app sees); the badge and
 * CART_COUNT follow the store.
 */
async function addFromApp(stores: Stores, payload: AddPayload): Promise<void> {
  const current = readCookie(CART_TOKEN_COOKIE);
  const productItemId = Number(payload.productItemId);
  const amount = payload.amount === undefined ? 1 : Number(payload.amount);
  if (!current || payload.token !== current || !Number.isInteger(productItemId) || !Number.isInteger(amount)) {
    postToApp({ type: 'ADD_TO_CART:RESPONSE', payload: { accepted: false, ok: false } });
    return;
  }
  await syncCart(stores);
  try {
    await stores.cart.add({ productItemId, amount });
  } catch (failure) {
    const error = failure instanceof ApiRequestError ? failure.message : ADD_FAILED;
    stores.ui.toast(error, 'error');
    postToApp({ type: 'ADD_TO_CART:RESPONSE', payload: { accepted: true, ok: false, error } });
    return;
  }
  toastAddedToCart(stores);
  postToApp({ type: 'ADD_TO_CART:RESPONSE', payload: { accepted: true, ok: true, count: stores.cart.count.value } });
}

/**
 * What the app was last told about the session ('in' / 'out'), kept for the webview's tab so that a change
 * across a full page load (a login's redirect, the logout form, an expired token) is told exactly once.
 */
const TOLD_KEY = 'vitrine:app-session';
type Told = 'in' | 'out';
let fromApp = false;

function told(): Told | null {
  try {
    const value = sessionStorage.getItem(TOLD_KEY);
    return value === 'in' || value === 'out' ? value : null;
  } catch {
    return null;
  }
}

function remember(state: Told): void {
  try {
    sessionStorage.setItem(TOLD_KEY, state);
  } catch {
    // Storage refused (private mode): transitions inside this page are still told.
  }
}

function tellSession(stores: Stores, state: Told, reason: LogoutReason): void {
  remember(state);
  const user = stores.session.user.value;
  if (state === 'in' && user)
    postToApp({
      type: 'LOGIN',
      payload: { token: stores.session.token.value, user: { id: user.id, name: user.name } },
    });
  else if (state === 'out') postToApp({ type: 'LOGOUT', payload: { reason } });
}

/**
 * Spec §4: the app is told when the page's session starts or ends. LOGIN carries the token when this page
 * made the login (null when the session came from the server's cookie); LOGOUT says why. A change the app
 * itself made (`token-updated`) is not echoed back.
 */
function watchSession(stores: Stores): void {
  const now: Told = stores.session.loggedIn.value ? 'in' : 'out';
  const before = told();
  // A token the server refused (a failing `me`) is told every time: the app holds that token.
  if (stores.session.refused) tellSession(stores, 'out', 'unauthorized');
  else if (before && before !== now) tellSession(stores, now, 'expired');
  else remember(now);
  let previous = now;
  effect(() => {
    const state: Told = stores.session.loggedIn.value ? 'in' : 'out';
    if (state === previous) return;
    previous = state;
    if (fromApp) remember(state);
    else tellSession(stores, state, 'unauthorized');
  });
  document.addEventListener('submit', (event) => {
    if (event.target instanceof HTMLFormElement && event.target.matches('form[data-logout]') && !event.defaultPrevented)
      tellSession(stores, 'out', 'logout');
  });
}

/** `token-updated`: the app's session token becomes the page's (HttpOnly) session cookie. */
async function syncToken(stores: Stores, token: unknown): Promise<void> {
  const value = typeof token === 'string' && token.length > 0 ? token : null;
  if (!(await stores.session.adoptAppToken(value).catch(() => false))) return;
  remember(value ? 'in' : 'out');
  if (!value) {
    fromApp = true;
    stores.session.clear();
    fromApp = false;
  }
  window.dispatchEvent(new CustomEvent('vitrine:session-token', { detail: { loggedIn: !!value } }));
}

function routeChange(payload: { action?: unknown; url?: unknown }): void {
  if (payload.action === 'reload') location.reload();
  else if (payload.action === 'back') history.back();
  else if (payload.action === 'push' && typeof payload.url === 'string') void navigate(payload.url);
}

function handle(stores: Stores, type: InType, payload: Record<string, unknown>): void {
  if (type === 'ROUTE_CHANGE') routeChange(payload);
  else if (type === 'REVALIDATE_CART:REQUEST') void revalidateCart(stores);
  else if (type === 'call-add-to-cart') void addFromApp(stores, payload);
  else void syncToken(stores, payload.token);
}

function parse(data: unknown): { type: InType; payload: Record<string, unknown> } | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  if (!IN_TYPES.includes(type as InType)) return null;
  return {
    type: type as InType,
    payload: payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {},
  };
}

/** In the app, links that would leave the store or open a new tab are handed to the app instead. */
function onLinkClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  const url = new URL(link.href, location.href);
  if (!/^https?:$/.test(url.protocol)) return;
  if (url.origin === location.origin && (!link.target || link.target === '_self')) return;
  event.preventDefault();
  postToApp({ type: 'NAVIGATE', payload: { url: url.href } });
}

function startInApp(stores: Stores, cartKnown: Promise<unknown> | null): void {
  const onMessage = (event: Event) => {
    const origin = (event as MessageEvent).origin;
    // Frames on other origins cannot drive the bridge (the app's own messages have an empty origin).
    if (origin && origin !== location.origin) return;
    const message = parse((event as MessageEvent).data);
    if (message) handle(stores, message.type, message.payload);
  };
  window.addEventListener('message', onMessage);
  document.addEventListener('message', onMessage);
  for (const type of IN_TYPES) {
    window.addEventListener(type, (event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      handle(stores, type, detail && typeof detail === 'object' ? (detail as Record<string, unknown>) : {});
    });
  }
  document.addEventListener('click', onLinkClick, true);
  document.addEventListener('copy', () => {
    const text = document.getSelection()?.toString() ?? '';
    if (text) appCopy(text);
  });
  window.addEventListener('vitrine:navigate', announcePage);
  window.addEventListener('popstate', announcePage);
  window.addEventListener('pagehide', () => postToApp({ type: 'LOADING', payload: { loading: true } }));
  effect(() => {
    postToApp({ type: 'LOADING', payload: { loading: stores.ui.navigating.value } });
  });
  const tellCount = () =>
    effect(() => void postToApp({ type: 'CART_COUNT', payload: { count: stores.cart.count.value } }));
  // The server renders an empty badge; the app learns the real count once the page is up. A page from the edge cache
  // has no cart (a count of 0 for everyone): no count until this browser's is known, or the app's badge flickers.
  const synced = syncCart(stores);
  if (cartKnown) void Promise.all([synced, cartKnown]).then(tellCount);
  else tellCount();
  announcePage();
  watchSession(stores);
}

/**
 * `cartKnown`: on a page from the edge cache, settles once this browser's cart is loaded (no CART_COUNT before).
 * The native bridge alone starts the protocol (spec §1: the app is "detected through a native web view
 * bridge"; ADR 0004): the server's app layout (cookie or user-agent hint) without a bridge does not.
 * On the web, the app-open redirect runs but is inert.
 */
export function startAppBridge(stores: Stores, cartKnown: Promise<unknown> | null = null): void {
  const native = window.ReactNativeWebView;
  if (native && typeof native.postMessage === 'function') {
    active = { stores, native };
    document.documentElement.dataset.appBridge = 'confirmed';
    startInApp(stores, cartKnown);
    return;
  }
  const target = appOpenTarget({
    pathname: location.pathname,
    search: location.search,
    userAgent: navigator.userAgent,
    inApp: stores.inApp,
  });
  if (target && APP_OPEN_REDIRECT_ENABLED) location.assign(target);
}
