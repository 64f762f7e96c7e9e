import { describe, expect, it } from 'vitest';
import { selectionPrice } from '../../src/commerce/cart/pricing';
import type { CouponRow, SellerRow } from '../../src/commerce/promotions/repo';
import { evaluateCoupon, sellerDiscount, sellerUsable } from '../../src/commerce/promotions/rules';
import { cartSources } from '../../src/commerce/shipping/sources';
import type { CartLineStock } from '../../src/commerce/shipping/repo';

const coupon = (over: Partial<CouponRow>): CouponRow => ({
  id: 1,
  code: 'X',
  kind: 'percentage',
  value: 10,
  min_subtotal_cents: 0,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  used: 0,
  per_customer_limit: null,
  requires_login: 0,
  gift_product_item_id: null,
  modal_gift_title: null,
  modal_gift_message: null,
  ...over,
});
const ctx = { subtotal: 19_999, blocking: [], now: '2026-11-22T12:00:00.000Z', signedIn: false };

describe('evaluateCoupon', () => {
  it('rounds a percentage down to the cent and caps a fixed discount at the goods', () => {
    expect(evaluateCoupon(coupon({}), ctx)).toMatchObject({ discount: 1999 });
    expect(evaluateCoupon(coupon({ kind: 'fixed', value: 50_000 }), ctx)).toMatchObject({ discount: 19_999 });
  });

  it('refuses outside the validity window (end exclusive) and below the minimum', () => {
    expect(evaluateCoupon(coupon({ ends_at: ctx.now }), ctx)).toEqual({ reason: 'invalid' });
    expect(evaluateCoupon(coupon({ starts_at: '2026-11-22T12:00:00.001Z' }), ctx)).toEqual({ reason: 'invalid' });
    expect(evaluateCoupon(coupon({ starts_at: ctx.now }), ctx)).toMatchObject({ discount: 1999 });
    expect(evaluateCoupon(coupon({ min_subtotal_cents: 20_000 }), ctx)).toEqual({ reason: 'invalid' });
    expect(evaluateCoupon(coupon({}), { ...ctx, subtotal: 0 })).toEqual({ reason: 'invalid' });
  });

  it('asks for login before anything else when the coupon needs a known customer', () => {
    expect(evaluateCoupon(coupon({ requires_login: 1, ends_at: '2000-01-01T00:00:00.000Z' }), ctx)).toEqual({
      reason: 'login',
    });
    expect(evaluateCoupon(coupon({ per_customer_limit: 1 }), ctx)).toEqual({ reason: 'login' });
    expect(evaluateCoupon(coupon({ per_customer_limit: 1 }), { ...ctx, signedIn: true })).toMatchObject({
      discount: 1999,
    });
  });

  it('names the restricting products, and gives flags and the gift modal by kind', () => {
    expect(evaluateCoupon(coupon({}), { ...ctx, blocking: ['Legging'] })).toEqual({
      reason: 'restricted',
      products: ['Legging'],
    });
    expect(evaluateCoupon(coupon({ kind: 'free_express_shipping', value: 0 }), ctx)).toEqual({
      discount: 0,
      freeNormalShipping: false,
      freeExpressShipping: true,
      modalGift: null,
    });
    expect(
      evaluateCoupon(
        coupon({ kind: 'gift', value: 0, gift_product_item_id: 7, modal_gift_title: 'T', modal_gift_message: 'M' }),
        ctx,
      ),
    ).toMatchObject({ modalGift: { title: 'T', message: 'M' } });
    expect(evaluateCoupon(coupon({ kind: 'gift', value: 0 }), ctx)).toEqual({ reason: 'invalid' });
  });
});

describe('seller codes', () => {
  const seller: SellerRow = {
    id: 1,
    code: 'A',
    name: 'A',
    customer_id: 9,
    discount_pct: 10,
    free_normal_shipping: 0,
    free_express_shipping: 0,
  };
  it('takes the rate off the base, rounded down, never below zero', () => {
    expect(sellerDiscount(seller, 17_999)).toBe(1799);
    expect(sellerDiscount(seller, -5)).toBe(0);
  });
  it('cannot attribute the seller’s own purchase', () => {
    expect(sellerUsable(seller, 9)).toBe(false);
    expect(sellerUsable(seller, null)).toBe(true);
    expect(sellerUsable({ ...seller, customer_id: null }, 9)).toBe(true);
  });
});

describe('shipping of the cart', () => {
  const option = (type: 'normal' | 'expressa' | 'pickup', price: number) => ({
    store: 'fabrica',
    selectedOption: { type, carrier: 'c', carrierId: 1, price, deadline: 1 },
  });
  it('zeroes normal/expressa prices under their flags only', () => {
    const selection = [option('normal', 1590), option('expressa', 2290)];
    expect(selectionPrice(selection, { normal: false, express: false })).toBe(3880);
    expect(selectionPrice(selection, { normal: true, express: false })).toBe(2290);
    expect(selectionPrice(selection, { normal: true, express: true })).toBe(0);
  });

  const store = (
    key: string,
    quantity: number,
    pickup = 1,
    state = 'SP',
    id = key.length,
  ): CartLineStock['stores'][number] => ({
    id,
    key,
    name: key,
    address: '',
    city: '',
    state,
    allows_pickup: pickup,
    quantity,
  });
  const line = (productItemId: number, amount: number, stores: CartLineStock['stores']): CartLineStock => ({
    productItemId,
    amount,
    name: `p${productItemId}`,
    stores,
  });
  it("ships home in the checkout's packages: the factory what it holds, a store what only it holds", () => {
    expect(cartSources([line(1, 2, [store('fabrica', 2, 0), store('a', 2)])])).toMatchObject({
      packages: [{ key: 'fabrica', state: 'SP' }],
      pickup: [{ key: 'a' }],
    });
    expect(cartSources([line(1, 3, [store('fabrica', 1, 0), store('a', 2)])])).toEqual({ packages: [], pickup: [] });
    const two = [
      line(1, 1, [store('fabrica', 1, 0), store('a', 1, 1, 'RJ', 2), store('b', 1, 1, 'MG', 3)]),
      line(2, 1, [store('fabrica', 0, 0), store('a', 0, 1, 'RJ', 2), store('b', 1, 1, 'MG', 3)]),
    ];
    expect(cartSources(two)).toMatchObject({
      packages: [{ key: 'fabrica' }, { key: 'b', state: 'MG' }],
      pickup: [{ key: 'b' }],
    });
  });
});
