import type { APIRequestContext, APIResponse } from '@playwright/test';
import { claimProduct } from './checkout-helpers';
import { expect } from './fixtures';

export interface Finished {
  orderIds: number[];
  redirect: string;
  total: number;
  next: { kind: string; url?: string; payload?: string };
}

const GUEST = { name: 'Maria da Silva', email: 'maria.e2e@example.com.br', cpf: '529.982.247-25' };
const ADDRESS = {
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
const PAC = { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 3 };

/**
 * A guest order placed through the public API (the checkout UI is covered by its own specs). Its product is this
 * test's own (claimProduct): with the listing's first product for every test, another test's order could take the
 * factory's last unit between this one's quote and its finish-order, and the order was rightly refused (the quote's
 * packages no longer matched the stock).
 */
export async function placeOrder(
  request: APIRequestContext,
  origin: string,
  payment: Record<string, unknown>,
): Promise<Finished> {
  const item = (await claimProduct(request)).sku.productItemId;
  const cart = (await (
    await request.post('/api/cart', { headers: { origin }, data: { productItemId: item, amount: 1 } })
  ).json()) as { hash: string };
  const res = await finishCart(request, origin, cart.hash, payment);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Finished;
}

/**
 * A guest's finish-order for the cart `cartHash` through the public API, the answer unchecked: the cart ships in the
 * packages its quote names (the factory, and any store holding what it lacks), PAC for each.
 */
export async function finishCart(
  request: APIRequestContext,
  origin: string,
  cartHash: string,
  payment: Record<string, unknown>,
  guest: { name: string; email: string; cpf: string } = GUEST,
): Promise<APIResponse> {
  const quote = (await (
    await request.get(`/api/omnichannel?zip_code=${ADDRESS.zipCode}&total_sale=1&shopping_cart_hash=${cartHash}`)
  ).json()) as Record<string, { type: string }[]>;
  const packages = Object.keys(quote)
    .filter((store) => quote[store]!.some((o) => o.type === 'normal'))
    .map((store) => ({ store, selectedOption: PAC }));
  return request.post('/api/finish-order', {
    headers: { origin },
    data: {
      cartId: cartHash,
      shippingInfo: { store: packages[0]!.store, selectedOption: PAC },
      payment,
      anonymousConsumer: guest,
      address: ADDRESS,
      packages,
    },
  });
}

/** The sandbox's debit card: its payment goes through the 3-D Secure step. */
export const DEBIT_CARD = {
  cardNumber: '4012001037141112',
  securityCode: '123',
  expirationMonth: '12',
  expirationYear: '2031',
  holderName: 'MARIA',
};
