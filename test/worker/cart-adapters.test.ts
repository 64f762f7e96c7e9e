import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/commerce/domain-error';
import { embeddedCommerce } from '../../src/commerce/embedded';
import type { CommercePort } from '../../src/commerce/port';
import { upstreamCommerce } from '../../src/commerce/upstream';
import type { Cart } from '../../src/contracts/cart';
import { giveCashback, skus } from './cart-helpers';
import { createCustomerSession, forwardTo, makeApp, seed, UPSTREAM } from './app-harness';

// Every port method the cart added, on both adapters: the embedded one in-process, the upstream one
// over HTTP to an embedded app (parsing every answer with the zod contract). Same outcomes.
const target = makeApp();
const adapters: [string, (token: string | null) => CommercePort][] = [
  ['embedded', (token) => embeddedCommerce(env.DB, { maxItemAmount: 10, token })],
  [
    'upstream',
    (token) =>
      upstreamCommerce({ url: UPSTREAM, timeoutMs: 5000 }, forwardTo(target), { token, headers: new Headers() }),
  ],
];

async function failure(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; title?: string; extra?: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { code, message, title, extra } = error as DomainError;
  return { code, message, title, extra };
}

/** The parts of a cart that must match across adapters (ids differ between runs). */
const view = (cart: Cart) => ({
  items: cart.items.map((i) => [i.id_item_product, i.amount, i.price]),
  subtotal: cart.subtotal,
  discount: cart.discount,
  shipping: cart.shipping,
  total: cart.total,
  cashback_value: cart.cashback_value,
  cashback_balance: cart.cashback_balance,
  coupon: cart.coupon,
  seller: cart.seller,
  free: [cart.freeNormalShipping, cart.freeExpressShipping],
  modal_gift: cart.modal_gift,
  shippingSelection: cart.shippingSelection,
});

async function scenario(make: (token: string | null) => CommercePort): Promise<unknown[]> {
  const out: unknown[] = [];
  const [a, b] = await skus(2, { notUnder: 'moda-praia' });
  const [praia] = await skus(1, { under: 'moda-praia' });
  const visitor = make(null);
  const cart = await visitor.addToCart({ productItemId: a!.id, amount: 2, gift: false });
  await visitor.addToCart({ productItemId: b!.id, amount: 1, gift: false, cartId: cart.hash });
  const coupon = await visitor.applyCoupon({
    cartId: cart.hash,
    coupon: 'bemvindo10',
    agent: 'app',
    applicationId: null,
  });
  out.push(view(coupon), coupon.cantApply, coupon.error);
  out.push(await failure(visitor.applyCoupon({ cartId: cart.hash, coupon: '' })));
  out.push(await failure(visitor.applyCoupon({ cartId: cart.hash, coupon: 'CLIENTEVIP' })));
  out.push(await failure(visitor.applyCoupon({ cartId: cart.hash, coupon: 'ESGOTADO' })));
  out.push(await failure(visitor.applyCoupon({ cartId: cart.hash, coupon: 'PRAIA15' })));
  out.push(view(await visitor.applySellerCode({ cartId: cart.hash, coupon: 'MARIANA10' })));
  out.push(await failure(visitor.applySellerCode({ cartId: cart.hash, coupon: '' })));
  out.push(view(await visitor.reprocessCoupons(cart.hash)));
  out.push(view(await visitor.cart(cart.hash, { reprocess: true })));
  out.push(await visitor.omnichannel({ zip_code: '01310100', total_sale: 100, shopping_cart_hash: cart.hash }));
  out.push(
    await visitor.validateShipping({
      cartId: cart.hash,
      selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 0 },
    }),
  );
  out.push(
    await visitor.validateShipping({
      cartId: cart.hash,
      selectedOption: { type: 'normal', carrier: 'X', carrierId: 99, price: 0, deadline: 0 },
    }),
  );
  out.push(view(await visitor.cart(cart.hash, {})));
  out.push(await visitor.verifyStock(cart.hash));
  out.push(view(await visitor.removeCoupons({ cartId: cart.hash, which: 'seller' })));
  out.push(view(await visitor.removeCoupons({ cartId: cart.hash, which: 'discount' })));
  out.push(view(await visitor.removeCoupons({ cartId: cart.hash, which: 'all' })));
  out.push(await failure(visitor.removeCoupons({ cartId: 'naoexiste0000000000000', which: 'all' })));
  out.push(await failure(visitor.applyCashback({ cartId: cart.hash, cashback: 100 })));
  out.push(view(await visitor.progressiveCart(cart.hash)));
  const restricted = await visitor.addToCart({ productItemId: praia!.id, amount: 1, gift: false });
  await visitor.addToCart({ productItemId: a!.id, amount: 1, gift: false, cartId: restricted.hash });
  out.push(await failure(visitor.applyCoupon({ cartId: restricted.hash, coupon: 'PRAIA15' })));

  const { token, customerId } = await createCustomerSession();
  await giveCashback(customerId, 1500);
  const customer = make(token);
  const merged = await customer.attachCartToCustomer({ cartId: cart.hash });
  expect(merged.hash).toBe(cart.hash);
  out.push(view(merged));
  out.push(view(await customer.applyCashback({ cartId: cart.hash, cashback: 1000 })));
  out.push(await failure(customer.applyCashback({ cartId: cart.hash, cashback: 999_999 })));
  out.push(view(await customer.cashbackToEvaluate(cart.hash)));
  out.push(view(await customer.removeCashback(cart.hash)));
  const other = await visitor.addToCart({ productItemId: b!.id, amount: 1, gift: false });
  const progressive = await customer.progressiveCart(other.hash);
  expect(progressive.hash).toBe(cart.hash);
  out.push(view(progressive));
  return out;
}

describe('the cart port on both adapters', () => {
  beforeAll(() => seed());

  it('answers the same results and the same refusals', async () => {
    const [embedded, upstream] = [await scenario(adapters[0]![1]), await scenario(adapters[1]![1])];
    expect(upstream).toEqual(embedded);
    // A few anchors so equal-but-wrong cannot pass.
    expect(embedded[0]).toMatchObject({ coupon: { code: 'BEMVINDO10' }, discount: expect.any(Number) });
    expect((embedded[0] as { discount: number }).discount).toBeGreaterThan(0);
    expect(embedded.at(-5)).toMatchObject({ cashback_value: 1000, cashback_balance: 1500 });
    expect(embedded[3]).toEqual({
      code: 'VALIDATION',
      message: 'Esse cupom está vazio!',
      title: 'Cupom inválido!',
      extra: undefined,
    });
    expect(embedded[4]).toMatchObject({
      code: 'LOGIN_REQUIRED',
      message: 'Faça login no site para poder utilizar este cupom!',
    });
    expect((embedded.at(-7) as { extra: unknown }).extra).toEqual({
      cantApply: { status: true, products: [expect.any(String)] },
    });
    expect(embedded.filter((o) => (o as { success?: boolean } | null)?.success !== undefined)).toEqual([
      { success: true },
      { success: false },
      { success: true, error: null },
    ]);
  }, 30_000);
});
