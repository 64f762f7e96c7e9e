import type { Cart, ShippingSelection } from '../../contracts/cart';
import type { ValidateShippingInput } from '../../contracts/promotions';
import { NO_SHIPPING, type OmnichannelQuery, type OmnichannelResponse } from '../../contracts/shipping';
import { shipsFree } from '../../lib/checkout/order-total';
import { homePackages } from '../../lib/cart/cart-forms';
import { isCepDigits, normalizeCep } from '../../lib/customer/cep';
import { getCart, MESSAGES, ownedCart, type CartDeps } from '../cart/service';
import { DomainError } from '../domain-error';
import type { CartShippingRepo } from './repo';
import { quote } from './quote';
import { omnichannel, type ShippingDeps } from './service';
import { cartSources } from './sources';
import { CART_MESSAGES } from '../../lib/messages/cart';

export interface CartShippingDeps {
  carts: CartDeps;
  shipping: ShippingDeps;
  repo: CartShippingRepo;
}

/** Free-shipping flags zero normal/expressa prices (spec §4 Free shipping). */
export function withFreeShipping(
  result: OmnichannelResponse,
  cart: Pick<Cart, 'freeNormalShipping' | 'freeExpressShipping'>,
): OmnichannelResponse {
  return Object.fromEntries(
    Object.entries(result).map(([store, options]) => [
      store,
      options.map((o) => (shipsFree(o.type, cart) ? { ...o, price: 0 } : o)),
    ]),
  );
}

/** The quote for the cart's lines (raw prices), or null when the cart is unknown or empty. */
async function cartQuote(deps: CartShippingDeps, cart: Cart, zip: string): Promise<OmnichannelResponse | null> {
  const lines = await deps.repo.lineStock(cart.cartId);
  if (lines.length === 0) return null;
  const sources = cartSources(lines);
  const result = quote({
    ...sources,
    cep: zip,
    valueCents: cart.subtotal - cart.discount,
    now: deps.shipping.now(),
    config: deps.shipping.config,
  });
  if (!result) throw new DomainError('UNPROCESSABLE', NO_SHIPPING.error, NO_SHIPPING.title);
  return result;
}

/**
 * GET /api/omnichannel for the side cart (`shopping_cart_hash`): per-store options from where the
 * cart's items are, valued at the cart's goods after discounts, with the cart's free-shipping flags
 * applied. Remembers the CEP on the cart. Null when the hash names no cart of this shopper (the caller
 * then quotes by `total_sale` alone).
 */
export async function cartOmnichannel(
  deps: CartShippingDeps,
  query: OmnichannelQuery & { shopping_cart_hash: string },
): Promise<OmnichannelResponse | null> {
  if (!(await ownedCart(deps.carts, query.shopping_cart_hash))) return null;
  const cart = await getCart(deps.carts, query.shopping_cart_hash);
  const result = await cartQuote(deps, cart, query.zip_code);
  if (!result) return null;
  await deps.repo.setZip(cart.cartId, query.zip_code);
  return withFreeShipping(result, cart);
}

/**
 * POST /api/cart/validate-shipping: the choice must be what the server quotes for this cart and CEP now:
 * one pickup, or one home option (same type and carrier) for every package the cart ships in. The stored
 * prices are the server's. Anything else → success false and the cart unchanged (spec §5: false by default).
 */
export async function validateShipping(
  deps: CartShippingDeps,
  input: ValidateShippingInput,
): Promise<{ success: boolean }> {
  if (!(await ownedCart(deps.carts, input.cartId))) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  const cart = await getCart(deps.carts, input.cartId);
  const row = await deps.carts.repo.find(input.cartId);
  const zip = normalizeCep(input.zip_code ?? '') || row?.shipping_zip || '';
  const chosen = input.shippingInformation?.length
    ? input.shippingInformation
    : input.selectedOption
      ? [{ store: null, selectedOption: input.selectedOption }]
      : [];
  if (!isCepDigits(zip) || chosen.length === 0) return { success: false };
  const result = await cartQuote(deps, cart, zip).catch((e: unknown) =>
    e instanceof DomainError ? null : Promise.reject(e),
  );
  const selection = result ? selectionFrom(result, chosen) : null;
  if (!selection) return { success: false };
  return { success: await deps.repo.setSelection(input.cartId, zip, JSON.stringify(selection)) };
}

type Wanted = { store: string | null; selectedOption: { type: string; carrierId: number } };

/**
 * The stored selection for a choice, with the quote's prices: a pickup alone, or exactly one home
 * option per home package (a choice without a store names its option in any store). Null otherwise.
 */
export function selectionFrom(result: OmnichannelResponse, chosen: Wanted[]): ShippingSelection[] | null {
  const pick = (store: string, wanted: Wanted['selectedOption']): ShippingSelection | null => {
    const option = result[store]?.find((o) => o.type === wanted.type && o.carrierId === wanted.carrierId);
    if (!option) return null;
    const { type, carrier, carrierId, price, deadline } = option;
    return { store, selectedOption: { type, carrier, carrierId, price, deadline } };
  };
  const homes = homePackages(result);
  if (chosen.length === 1) {
    const wanted = chosen[0]!;
    for (const store of wanted.store ? [wanted.store] : Object.keys(result)) {
      const one = pick(store, wanted.selectedOption);
      if (one && (one.selectedOption.type === 'pickup' || homes.length === 1)) return [one];
    }
    return null;
  }
  if (chosen.length !== homes.length) return null;
  const picked = homes.map((key) => {
    const mine = chosen.filter((c) => c.store === key);
    return mine.length === 1 && mine[0]!.selectedOption.type !== 'pickup' ? pick(key, mine[0]!.selectedOption) : null;
  });
  return picked.every((p): p is ShippingSelection => p !== null) ? picked : null;
}

/**
 * Reprocess: the stored choice is quoted again for the cart as it is now; its prices and deadlines
 * follow the quote, or the choice is dropped when no longer offered (or the cart now ships in other
 * packages). True when the cart changed.
 */
export async function refreshSelection(deps: CartShippingDeps, cart: Cart): Promise<boolean> {
  const chosen = cart.shippingSelection;
  const row = chosen.length ? await deps.carts.repo.find(cart.cartId) : null;
  if (!chosen.length || !row) return false;
  const zip = row.shipping_zip ?? '';
  const result = zip
    ? await cartQuote(deps, cart, zip).catch((e: unknown) => (e instanceof DomainError ? null : Promise.reject(e)))
    : null;
  const selection = result ? selectionFrom(result, chosen) : null;
  const next = selection ? JSON.stringify(selection) : null;
  if (next === row.shipping_selection) return false;
  return deps.repo.setSelection(cart.cartId, zip || null, next);
}

/** POST /api/verify-stock: every line still in stock? (spec §5: false by default.) */
export async function verifyStock(deps: CartDeps, cartId: string): Promise<{ success: boolean; error: string | null }> {
  if (!(await ownedCart(deps, cartId))) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  const lines = await deps.repo.lines(cartId);
  if (lines.length === 0) return { success: false, error: CART_MESSAGES.empty };
  const short = lines.filter((l) => l.amount > l.stock);
  if (short.length > 0)
    return { success: false, error: `${MESSAGES.stock} (${short.map((l) => `${l.name} ${l.size}`).join(', ')})` };
  return { success: true, error: null };
}

/**
 * GET /api/omnichannel, every form of spec §7: the side cart and the checkout's stock check (`cart` +
 * `zip_code`) quote the cart itself; the product page quotes its SKU and, given the cart's id,
 * with the cart's free-shipping flags, so it says what the cart will say. A cart id that names no cart of
 * this shopper falls back to `total_sale`, or is a 404 when there is nothing else to quote.
 */
export async function shopperOmnichannel(
  deps: CartShippingDeps,
  query: OmnichannelQuery,
): Promise<OmnichannelResponse> {
  const hash = query.shopping_cart_hash || query.cart || undefined;
  if (query.sku === undefined) {
    const cart = hash ? await cartOmnichannel(deps, { ...query, shopping_cart_hash: hash }) : null;
    if (cart) return cart;
    if (query.total_sale === undefined) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
    return omnichannel(deps.shipping, query);
  }
  const result = await omnichannel(deps.shipping, query);
  if (!hash || !(await ownedCart(deps.carts, hash))) return result;
  return withFreeShipping(result, await getCart(deps.carts, hash));
}
