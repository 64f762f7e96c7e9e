import { beforeAll, describe, expect, it } from 'vitest';
import { newCartWith, cartRow, giveCashback, lineRows, post, skus } from './cart-helpers';
import { createCustomerSession, makeApp, seed } from './app-harness';

// Every cart call with malformed input: a 4xx with a pt-BR message, never a 5xx, and the cart unchanged.
const app = makeApp();
const BAD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e308,
  2 ** 53,
  1.5,
  '',
  ' ',
  'x'.repeat(5000),
  '<script>',
  true,
  [],
  {},
  ['a'],
  { $ne: 1 },
];

type Body = (cartId: string, bad: unknown) => unknown;
const CALLS: [string, Body[]][] = [
  [
    '/api/coupon/discount',
    [
      (id, bad) => ({ coupon: bad, shoppingCart: id }),
      (_id, bad) => ({ coupon: 'BEMVINDO10', shoppingCart: bad }),
      (id, bad) => ({ coupon: 'BEMVINDO10', shoppingCart: id, agent: bad }),
    ],
  ],
  [
    '/api/coupon/seller-coupon',
    [(id, bad) => ({ coupon: bad, shoppingCart: id }), (_id, bad) => ({ coupon: 'JOAO10', shoppingCart: bad })],
  ],
  ['/api/coupon/remove-coupons', [(_id, bad) => ({ shoppingCart: bad })]],
  ['/api/coupon/remove-coupon-discount', [(_id, bad) => ({ shoppingCart: bad })]],
  ['/api/coupon/remove-coupon-seller', [(_id, bad) => ({ shoppingCart: bad })]],
  ['/api/coupon/reprocess', [(_id, bad) => ({ shoppingCart: bad })]],
  [
    '/api/cashback',
    [(id, bad) => ({ cashback: bad, shoppingCart: id }), (_id, bad) => ({ cashback: 100, shoppingCart: bad })],
  ],
  ['/api/cashback/remove', [(_id, bad) => ({ hash: bad })]],
  ['/api/cashback/toEvaluate', [(_id, bad) => ({ cartId: bad })]],
  ['/api/cart/user', [(_id, bad) => ({ user: 1, shoppingCart: bad })]],
  ['/api/cart/progressive', [(_id, bad) => ({ cartId: bad })]],
  [
    '/api/cart/validate-shipping',
    [
      (_id, bad) => ({
        cartId: bad,
        selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 1 },
      }),
      (id, bad) => ({
        cartId: id,
        selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: bad, price: bad, deadline: bad },
      }),
      (id, bad) => ({ cartId: id, shippingInformation: [{ store: bad, selectedOption: bad }] }),
      (id, bad) => ({ cartId: id, selectedOption: bad, zip_code: bad }),
    ],
  ],
  ['/api/verify-stock', [(_id, bad) => ({ cartId: bad })]],
];

// Values that are valid for some fields (e.g. `null` agent, `{}` shippingInformation item lists) answer 200.
const isAcceptedAnswer = (status: number) => status === 200 || (status >= 400 && status < 500);

describe('cart calls with bad input', () => {
  let cartId: string;
  let cookie: string;
  beforeAll(async () => {
    await seed();
    const session = await createCustomerSession();
    cookie = session.cookie;
    await giveCashback(session.customerId, 500);
    cartId = (await newCartWith(app, await skus(2), 1, cookie)).hash;
    await post(app, '/api/cart/user', { shoppingCart: cartId }, cookie);
    await post(app, '/api/coupon/discount', { coupon: 'BEMVINDO10', shoppingCart: cartId }, cookie);
  });

  it.each(CALLS)(
    '%s: 4xx in Portuguese (never 5xx) and the cart unchanged',
    async (path, bodies) => {
      const before = [await cartRow(cartId), await lineRows(cartId)];
      for (const body of bodies) {
        for (const bad of BAD_VALUES) {
          const res = await post(app, path, body(cartId, bad), cookie);
          const answer = (await res.json()) as { error?: string };
          expect(
            isAcceptedAnswer(res.status),
            `${path} ${JSON.stringify(body(cartId, bad)).slice(0, 200)} → ${res.status}`,
          ).toBe(true);
          if (res.status >= 400) expect(answer.error).toMatch(/[áàãçéíóúâêõ]/);
        }
      }
      for (const raw of ['', 'not json', '{"a":', '[1,2', 'null', '"texto"', '123']) {
        const res = await post(app, path, raw, cookie);
        expect(res.status, `${path} ${raw}`).toBe(400);
      }
      const unknown = await post(
        app,
        path,
        JSON.parse(JSON.stringify(bodies[0]!('naoexiste0000000000000', 'BEMVINDO10'))),
        cookie,
      );
      expect(unknown.status, `${path} unknown id`).toBeGreaterThanOrEqual(400);
      expect(unknown.status).toBeLessThan(500);
      // Reads that succeed for valid ids may only have re-validated the same state.
      expect([await cartRow(cartId), await lineRows(cartId)]).toEqual(before);
    },
    60_000,
  );
});
