import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CartPage } from '../../client/islands/cart/cart-page';
import { DomainError } from '../commerce/domain-error';
import { clearSiteCookie, COOKIE, setSiteCookie } from '../http/cookies';
import type { OmnichannelResponse } from '../contracts/shipping';
import type { AppEnv } from '../env';
import type { CartMessage } from '../lib/cart/cart-messages';
import { normalizeCep } from '../lib/customer/cep';
import { cepProblem } from '../lib/customer/address';
import { CART_TEXT } from '../lib/cart/cart-messages';
import { LazyIsland } from './lazy-island';
import { PageScript } from './page-script';
import { viewCartEvent } from '../lib/analytics/ga4-events';
import { renderLoaded } from './render';
import { loadShell } from './shell-data';
import { COMMON_MESSAGES } from '../lib/messages/common';

/** The outcome of a no-JS cart form, shown once on the page it returns to. */
export function setFlash(c: Context<AppEnv>, message: CartMessage): void {
  setSiteCookie(c, COOKIE.cartFlash, JSON.stringify(message), { maxAge: 60 });
}

function takeFlash(c: Context<AppEnv>): CartMessage | null {
  const raw = getCookie(c, COOKIE.cartFlash);
  if (!raw) return null;
  clearSiteCookie(c, COOKIE.cartFlash);
  try {
    const value = JSON.parse(raw) as Partial<CartMessage>;
    if (typeof value.message !== 'string' || !['error', 'success', 'info'].includes(String(value.tone))) return null;
    return {
      tone: value.tone as CartMessage['tone'],
      message: value.message.slice(0, 300),
      ...(typeof value.title === 'string' ? { title: value.title.slice(0, 80) } : {}),
      ...(Array.isArray(value.products)
        ? { products: value.products.filter((p) => typeof p === 'string').slice(0, 20) }
        : {}),
    };
  } catch {
    return null;
  }
}

export function problemOf(error: unknown): CartMessage {
  if (error instanceof DomainError)
    return error.title
      ? { tone: 'error', title: error.title, message: error.message }
      : { tone: 'error', message: error.message };
  return { tone: 'error', message: COMMON_MESSAGES.retry };
}

/**
 * The cart as a page: `/sacola` on the web (the header's cart link without JavaScript) and the app's
 * `/cart/ecommerce-app`. Forms post to the routes in cart-routes.ts and come back here; `?cep=` (else the
 * cart's remembered CEP) shows the quote for the whole cart, which the shipping form then chooses from.
 */
export async function cartPage(c: Context<AppEnv>, back: '/sacola' | '/cart/ecommerce-app') {
  // The cart is this page's data: a backend that cannot answer for it fails the page (→ 503).
  const shell = await loadShell(c, { transparent: false, criticalCart: true });
  // The shell's cart is what the stores start from: badge, cart and totals agree.
  const cart = shell.cart;
  // A `?cep=` (the no-JS CEP form) wins; else the CEP the cart was last quoted for, so a reload shows the
  // CEP and its options (or why there are none) before any script runs.
  const cep = normalizeCep(c.req.query('cep') ?? '').slice(0, 8) || (cart?.shippingZip ?? '');
  let quote: OmnichannelResponse | null = null;
  let quoteProblem: CartMessage | null = null;
  if (cep && cart) {
    const invalid = cepProblem(cep, CART_TEXT.cepIncomplete);
    if (invalid) quoteProblem = { tone: 'error', message: invalid };
    else {
      try {
        quote = await c.var.commerce.omnichannel({
          zip_code: cep,
          total_sale: cart.subtotal - cart.discount,
          shopping_cart_hash: cart.hash,
        });
      } catch (error) {
        quoteProblem = problemOf(error);
      }
    }
  }
  const props = {
    imageHost: c.var.config.imageHost,
    back,
    idPrefix: 'cart-page',
    initial: { notice: takeFlash(c), cep, quote, quoteProblem },
  };
  return renderLoaded(
    c,
    shell,
    <div className="cart-page">
      <h1 className="cart-page__title">Sacola</h1>
      <LazyIsland name="CartPage" component={CartPage} props={props} />
      {cart ? <PageScript name="PageView" props={{ event: viewCartEvent(cart) }} /> : null}
    </div>,
    { meta: { title: 'Sacola', description: 'Sua sacola de compras.' }, bodyClass: 'cart-page-body' },
  );
}
