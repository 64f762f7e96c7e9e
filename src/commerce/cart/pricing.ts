import type { AppliedCoupon, AppliedSeller, Cart, CartItem, ShippingSelection } from '../../contracts/cart';
import type { CashbackRepo } from '../cashback/repo';
import type { CartRow } from './repo';
import type { Identity } from '../customers/identity';
import type { PromotionsRepo } from '../promotions/repo';
import { evaluateCoupon, isRefusal, sellerDiscount, sellerUsable } from '../promotions/rules';
import { goodsTotal, shippingTotal } from '../../lib/checkout/order-total';

export interface PricingDeps {
  promotions: PromotionsRepo;
  cashback: CashbackRepo;
  /** The signed-in customer of this request (memoised), or null. */
  identity: () => Promise<Identity | null>;
  now: () => Date;
}

type Pricing = Pick<
  Cart,
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'total'
  | 'totalAmount'
  | 'cashback_value'
  | 'cashback_evaluate'
  | 'freeNormalShipping'
  | 'freeExpressShipping'
  | 'modal_gift'
  | 'coupon'
  | 'seller'
  | 'cashback_balance'
  | 'shippingSelection'
  | 'shippingZip'
>;

export function parseSelection(raw: string | null): ShippingSelection[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? (value as ShippingSelection[]) : [];
  } catch {
    return [];
  }
}

/** What the shopper pays for the selection once the free-shipping flags zero normal/expressa prices (spec §4). */
export function selectionPrice(selection: ShippingSelection[], free: { normal: boolean; express: boolean }): number {
  return shippingTotal(
    selection.map((s) => s.selectedOption),
    { freeNormalShipping: free.normal, freeExpressShipping: free.express },
  );
}

/**
 * The cart's totals from its coupon, seller code, cashback and shipping selection. A coupon that no
 * longer applies (expired, below its minimum, restricted, signed out) counts for nothing here; the
 * reprocess call removes it for good. Cashback never exceeds the goods left after discounts nor
 * the customer's balance.
 */
export async function priceCart(
  deps: PricingDeps,
  row: CartRow,
  items: CartItem[],
  opts: { shipping?: number },
): Promise<Pricing> {
  const now = deps.now().toISOString();
  const subtotal = items.reduce((sum, i) => sum + i.price * i.amount, 0);
  const [identity, couponRow, sellerRow] = await Promise.all([
    deps.identity(),
    row.coupon_code ? deps.promotions.coupon(row.coupon_code) : null,
    row.seller_code ? deps.promotions.seller(row.seller_code) : null,
  ]);
  const owner = identity && (row.customer_id === null || row.customer_id === identity.id) ? identity : null;
  const [blocking, balance] = await Promise.all([
    couponRow ? deps.promotions.blockingProducts(couponRow.id, row.id) : [],
    owner ? deps.cashback.balance(owner.id, now) : null,
  ]);

  let coupon: AppliedCoupon | null = null;
  let modalGift: Cart['modal_gift'] = null;
  if (couponRow) {
    const effect = evaluateCoupon(couponRow, { subtotal, blocking, now, signedIn: owner !== null });
    if (!isRefusal(effect)) {
      coupon = {
        code: couponRow.code,
        discount: effect.discount,
        freeNormalShipping: effect.freeNormalShipping,
        freeExpressShipping: effect.freeExpressShipping,
      };
      modalGift = effect.modalGift;
    }
  }
  let seller: AppliedSeller | null = null;
  if (sellerRow && subtotal > 0 && sellerUsable(sellerRow, owner?.id ?? null)) {
    seller = {
      code: sellerRow.code,
      name: sellerRow.name,
      discount: sellerDiscount(sellerRow, subtotal - (coupon?.discount ?? 0)),
      freeNormalShipping: sellerRow.free_normal_shipping === 1,
      freeExpressShipping: sellerRow.free_express_shipping === 1,
    };
  }
  const discount = Math.min(subtotal, (coupon?.discount ?? 0) + (seller?.discount ?? 0));
  const cashback = owner ? Math.max(0, Math.min(row.cashback_cents, subtotal - discount, balance ?? 0)) : 0;
  const free = {
    normal: !!(coupon?.freeNormalShipping || seller?.freeNormalShipping),
    express: !!(coupon?.freeExpressShipping || seller?.freeExpressShipping),
  };
  const shippingSelection = parseSelection(row.shipping_selection);
  const shipping =
    shippingSelection.length > 0
      ? selectionPrice(shippingSelection, free)
      : Math.max(0, Math.trunc(opts.shipping ?? 0));
  // Cashback is capped above, so the goods never go below zero here.
  const total = goodsTotal({ subtotal, discount, cashback_value: cashback }) + shipping;
  return {
    subtotal,
    discount,
    shipping,
    total,
    totalAmount: total,
    cashback_value: cashback,
    cashback_evaluate: row.cashback_evaluate === 1,
    freeNormalShipping: free.normal,
    freeExpressShipping: free.express,
    modal_gift: modalGift,
    coupon,
    seller,
    cashback_balance: owner ? (balance ?? 0) : null,
    shippingSelection,
    shippingZip: row.shipping_zip,
  };
}
