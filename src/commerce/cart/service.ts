import type { AddToCart, Cart, CartItem } from '../../contracts/cart';
import { randomToken } from '../../lib/security/token';
import { DomainError } from '../domain-error';
import { priceCart, type PricingDeps } from './pricing';
import type { CartLineRow, CartRepo, CartRow } from './repo';
import { COMMON_MESSAGES } from '../../lib/messages/common';
import { PRODUCT_MESSAGES } from '../../lib/messages/products';
import { CART_MESSAGES } from '../../lib/messages/cart';

export interface CartDeps {
  repo: CartRepo;
  config: { maxItemAmount: number };
  pricing: PricingDeps;
}

export const MESSAGES = {
  notFound: CART_MESSAGES.notFound,
  productNotFound: PRODUCT_MESSAGES.notFound,
  itemNotFound: CART_MESSAGES.itemNotFound,
  stockTitle: COMMON_MESSAGES.attention,
  stock: CART_MESSAGES.stock,
  limit: CART_MESSAGES.limit,
  giftOnly: 'Este brinde só pode ser adicionado com o cupom da promoção.',
} as const;

function unitPrice(line: CartLineRow): number {
  if (line.gift) return 0;
  return line.sale_price_cents > 0 ? line.sale_price_cents : line.list_price_cents;
}

function toItem(line: CartLineRow): CartItem {
  const price = unitPrice(line);
  return {
    id_item_cart: line.id,
    cartItemId: line.id,
    id_item_product: line.product_item_id,
    amount: line.amount,
    original_price: line.list_price_cents,
    price,
    preSale: line.pre_sale === 1,
    product: {
      name: line.name,
      slug: line.slug,
      description: line.description,
      details: line.details,
      items: [{ photos: line.photo ? [{ photo: line.photo }] : [] }],
      attributes: [
        { name: line.color_name, price },
        { name: line.size, price },
      ],
      gift: line.gift === 1,
      gift_coupon: line.gift_coupon,
      color: line.color_name,
      size: line.size,
    },
  };
}

/**
 * The open cart, when this request may see it: a cart bound to a customer belongs to that customer
 * only (another customer, or a signed-out visitor holding its id, gets "not found").
 */
export async function ownedCart(deps: CartDeps, cartId: string): Promise<CartRow | null> {
  const row = await deps.repo.find(cartId);
  if (!row || row.customer_id === null) return row;
  const identity = await deps.pricing.identity();
  return identity?.id === row.customer_id ? row : null;
}

/** The whole cart with totals in cents (coupon, seller code, cashback and shipping selection applied). */
export async function getCart(deps: CartDeps, cartId: string, opts: { shipping?: number } = {}): Promise<Cart> {
  const [row, lines] = await Promise.all([ownedCart(deps, cartId), deps.repo.lines(cartId)]);
  if (!row) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  const items = lines.map(toItem);
  return {
    hash: row.id,
    cartId: row.id,
    items,
    ...(await priceCart(deps.pricing, row, items, opts)),
    hasPreSale: items.some((i) => i.preSale),
    count: items.reduce((sum, i) => sum + i.amount, 0),
  };
}

/** Why a guarded write changed nothing, as the spec's catalogue words it. */
async function refusal(deps: CartDeps, wanted: number, sku: number): Promise<DomainError> {
  if (wanted > deps.config.maxItemAmount) return new DomainError('CONFLICT', MESSAGES.limit);
  const row = await deps.repo.sku(sku);
  if (row && wanted > row.stock) return new DomainError('CONFLICT', MESSAGES.stock, MESSAGES.stockTitle);
  return new DomainError('CONFLICT', MESSAGES.limit);
}

/** POST /api/cart: adds to the given open cart, or to a new one (owned by the signed-in shopper, if any) when it is missing or closed. */
export async function addToCart(deps: CartDeps, input: AddToCart): Promise<Cart> {
  const sku = await deps.repo.sku(input.productItemId);
  if (!sku) throw new DomainError('NOT_FOUND', MESSAGES.productNotFound);
  const existing = input.cartId ? await ownedCart(deps, input.cartId) : null;
  if (sku.gift === 1 || input.gift) {
    const allowed =
      input.gift &&
      sku.gift === 1 &&
      !!input.giftCoupon &&
      input.giftCoupon === sku.gift_coupon &&
      existing?.coupon_code === input.giftCoupon;
    if (!allowed) throw new DomainError('VALIDATION', MESSAGES.giftOnly);
  }
  const cartId = existing?.id ?? randomToken();
  const added = await deps.repo.add(
    {
      cartId,
      productItemId: input.productItemId,
      amount: input.amount,
      gift: input.gift,
      giftCoupon: input.giftCoupon ?? null,
      insertedLink: input.insertedLink ?? null,
    },
    // A signed-in shopper's new cart is theirs from creation: nobody else can read, change or claim it.
    existing ? null : { requestToken: randomToken(), customerId: (await deps.pricing.identity())?.id ?? null },
    deps.config.maxItemAmount,
  );
  if (!added) {
    const current = existing
      ? (await deps.repo.lines(cartId)).find(
          (l) => l.product_item_id === input.productItemId && l.gift === (input.gift ? 1 : 0),
        )
      : undefined;
    throw await refusal(deps, (current?.amount ?? 0) + input.amount, input.productItemId);
  }
  return getCart(deps, cartId);
}

/** PUT /api/cart: sets an item's amount (guarded by stock and the limit). */
export async function updateCartItem(
  deps: CartDeps,
  input: { cartId: string; itemId: number; amount: number },
): Promise<Cart> {
  const line = await deps.repo.line(input.cartId, input.itemId);
  if (!line || !(await ownedCart(deps, input.cartId))) throw new DomainError('NOT_FOUND', MESSAGES.itemNotFound);
  if (!(await deps.repo.setAmount(input.cartId, input.itemId, input.amount, deps.config.maxItemAmount))) {
    throw await refusal(deps, input.amount, line.product_item_id);
  }
  return getCart(deps, input.cartId);
}

/** DELETE /api/cart: removes an item; removing the last leaves an empty cart (the client then clears it). */
export async function removeCartItem(deps: CartDeps, input: { cartId: string; itemId: number }): Promise<Cart> {
  if (!(await ownedCart(deps, input.cartId)) || !(await deps.repo.remove(input.cartId, input.itemId)))
    throw new DomainError('NOT_FOUND', MESSAGES.itemNotFound);
  return getCart(deps, input.cartId);
}

/** PATCH /api/cart: records the customer's e-mail on the cart. */
export async function patchCartEmail(deps: CartDeps, input: { cartId: string; email: string }): Promise<Cart> {
  if (!(await ownedCart(deps, input.cartId)) || !(await deps.repo.setEmail(input.cartId, input.email)))
    throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  return getCart(deps, input.cartId);
}
