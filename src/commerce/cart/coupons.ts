import type { Cart } from '../../contracts/cart';
import type { CouponResult } from '../../contracts/promotions';
import { PROMOTION_MESSAGES as M } from '../../lib/messages/promotions';
import { getCart, MESSAGES as CART_MESSAGES, ownedCart, type CartDeps } from './service';
import { useMostCashback } from './cashback';
import { DomainError } from '../domain-error';
import type { CouponRow } from '../promotions/repo';
import { evaluateCoupon, isRefusal, sellerUsable } from '../promotions/rules';

/** How long an applied coupon holds one of its limited uses before checkout (re-held by reprocess). */
export const RESERVATION_MS = 2 * 60 * 60 * 1000;
const MAX_CODE = 40;

const couponInvalid = () => new DomainError('UNPROCESSABLE', M.couponInvalid, M.couponTitle);
const sellerInvalid = () => new DomainError('UNPROCESSABLE', M.sellerInvalid, M.sellerTitle);

async function cartOrNotFound(
  deps: CartDeps,
  cartId: string,
  message: string = CART_MESSAGES.notFound,
  title?: string,
) {
  const row = await ownedCart(deps, cartId);
  if (!row) throw new DomainError('NOT_FOUND', message, title);
  return row;
}

/** Checks the coupon against the cart and holds one use for it; throws the spec's message when it cannot. */
async function holdCoupon(deps: CartDeps, cartId: string, coupon: CouponRow): Promise<void> {
  const { promotions, now, identity } = deps.pricing;
  const [cart, blocking, customer] = await Promise.all([
    getCart(deps, cartId),
    promotions.blockingProducts(coupon.id, cartId),
    identity(),
  ]);
  const at = now();
  const effect = evaluateCoupon(coupon, {
    subtotal: cart.subtotal,
    blocking,
    now: at.toISOString(),
    signedIn: customer !== null,
  });
  if (isRefusal(effect)) {
    if (effect.reason === 'login') throw new DomainError('LOGIN_REQUIRED', M.loginRequired);
    if (effect.reason === 'restricted') {
      throw new DomainError('UNPROCESSABLE', M.restricted, M.restrictedTitle, {
        cantApply: { status: true, products: effect.products },
      });
    }
    throw couponInvalid();
  }
  const held = await promotions.reserve({
    cartId,
    couponId: coupon.id,
    customerId: customer?.id ?? null,
    now: at.toISOString(),
    expiresAt: new Date(at.getTime() + RESERVATION_MS).toISOString(),
    giftItemId: coupon.kind === 'gift' ? coupon.gift_product_item_id : null,
  });
  if (!held) throw couponInvalid();
}

/** POST /api/coupon/discount. `agent`/`applicationId` (app attribution) do not change the rules. */
export async function applyCoupon(
  deps: CartDeps,
  input: { cartId: string; coupon: string | null | undefined },
): Promise<CouponResult> {
  const code = (input.coupon ?? '').trim();
  if (!code) throw new DomainError('VALIDATION', M.couponEmpty, M.couponTitle);
  await cartOrNotFound(deps, input.cartId);
  const coupon = code.length <= MAX_CODE ? await deps.pricing.promotions.coupon(code) : null;
  if (!coupon) throw couponInvalid();
  await holdCoupon(deps, input.cartId, coupon);
  return { ...(await getCart(deps, input.cartId)), cantApply: null, error: null };
}

/** POST /api/coupon/seller-coupon: attributes the cart to a seller (10% off, maybe free shipping). */
export async function applySellerCode(
  deps: CartDeps,
  input: { cartId: string; coupon: string | null | undefined },
): Promise<Cart> {
  const code = (input.coupon ?? '').trim();
  if (!code) throw new DomainError('VALIDATION', M.sellerEmpty, M.sellerTitle);
  await cartOrNotFound(deps, input.cartId);
  const [seller, customer, lines] = await Promise.all([
    code.length <= MAX_CODE ? deps.pricing.promotions.seller(code) : null,
    deps.pricing.identity(),
    deps.repo.lines(input.cartId),
  ]);
  if (!seller || !sellerUsable(seller, customer?.id ?? null) || !lines.some((l) => l.gift === 0)) throw sellerInvalid();
  if (!(await deps.pricing.promotions.setSeller(input.cartId, seller.code))) throw sellerInvalid();
  return getCart(deps, input.cartId);
}

/** /remove-coupons (both), /remove-coupon-discount (coupon), /remove-coupon-seller (seller code). */
export async function removeCoupons(
  deps: CartDeps,
  input: { cartId: string; which: 'all' | 'discount' | 'seller' },
): Promise<Cart> {
  await cartOrNotFound(deps, input.cartId, M.removeFailed, M.couponTitle);
  const which = { coupon: input.which !== 'seller', seller: input.which !== 'discount' };
  if (!(await deps.pricing.promotions.release(input.cartId, which)))
    throw new DomainError('NOT_FOUND', M.removeFailed, M.couponTitle);
  return getCart(deps, input.cartId);
}

/**
 * /reprocess (and GET /api/cart?reprocess=true): re-validates what the cart holds. A coupon that no
 * longer applies, or whose use can no longer be held, is removed (with its gift); so is a seller
 * code that no longer exists.
 */
export async function reprocessCoupons(
  deps: CartDeps,
  cartId: string,
  opts: { shipping?: number } = {},
): Promise<Cart> {
  const row = await cartOrNotFound(deps, cartId);
  const { promotions } = deps.pricing;
  if (row.coupon_code) {
    const coupon = await promotions.coupon(row.coupon_code);
    const kept = coupon
      ? await holdCoupon(deps, cartId, coupon).then(
          () => true,
          (e: unknown) => (e instanceof DomainError ? false : Promise.reject(e)),
        )
      : false;
    if (!kept) await promotions.release(cartId, { coupon: true, seller: false });
  }
  if (row.seller_code) {
    const [seller, customer] = await Promise.all([promotions.seller(row.seller_code), deps.pricing.identity()]);
    if (!seller || !sellerUsable(seller, customer?.id ?? null))
      await promotions.release(cartId, { coupon: false, seller: true });
  }
  // A cart in "use my balance" mode takes the most it can again, as its goods and discounts changed.
  const customer = row.cashback_evaluate === 1 ? await deps.pricing.identity() : null;
  if (customer) await useMostCashback(deps, cartId, customer.id);
  return getCart(deps, cartId, opts);
}
