import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { OmnichannelResponseSchema, type OmnichannelResponse } from '../../src/contracts/shipping';
import { newCartWith, skus, stockAt } from './cart-helpers';
import { makeApp, seed } from './app-harness';

const app = makeApp();
/** São Paulo (capital), Rio (capital), Belo Horizonte (capital), Campinas (SP interior), Vitória area (ES interior). */
const CEPS = ['01310100', '22410003', '30140071', '13083970', '29101000'];

async function quoted(query: string): Promise<OmnichannelResponse> {
  const res = await app.request(`/api/omnichannel?${query}`);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return OmnichannelResponseSchema.parse(body);
}

/** The product page's quote for a SKU (with the shopper's cart hash, as the page sends it). */
const pdpQuote = (sku: string, cep: string, hash?: string) =>
  quoted(`zip_code=${cep}&sku=${sku}${hash ? `&shopping_cart_hash=${hash}` : ''}`);
/** The cart's quote: what the side cart shows for the cart `hash`. */
const cartQuote = (hash: string, cep: string) => quoted(`zip_code=${cep}&total_sale=1&shopping_cart_hash=${hash}`);

async function skuOf(id: number): Promise<string> {
  const sku = await env.DB.prepare('SELECT sku FROM product_items WHERE id = ?').bind(id).first<string>('sku');
  if (!sku) throw new Error(`no SKU for item ${id}`);
  return sku;
}

const homeOf = (result: OmnichannelResponse, key: string) =>
  result[key]!.filter((o) => o.type !== 'pickup').map((o) => [o.carrierId, o.price, o.deadline]);

describe('product page quote = the cart quote for a one-line cart (the checkout package plan)', () => {
  beforeAll(() => seed());

  it('a SKU only stores hold ships from the store holding the most, priced from its state, pickup where held', async () => {
    const [item] = await skus(1, { maxPrice: 20_000 });
    await stockAt(item!.id, { 'rj-ipanema': 1, 'bh-savassi': 3 });
    const sku = await skuOf(item!.id);
    const cart = await newCartWith(app, [item!]);
    expect(cart.discount).toBe(0);
    for (const cep of CEPS) {
      const [pdp, inCart] = await Promise.all([pdpQuote(sku, cep), cartQuote(cart.hash, cep)]);
      expect(pdp, cep).toEqual(inCart);
      // Savassi ships it (no factory package, no transfer); both stores offer pickup.
      expect(pdp.fabrica, cep).toBeUndefined();
      expect(
        pdp['bh-savassi']!.map((o) => o.type),
        cep,
      ).toEqual(expect.arrayContaining(['normal', 'expressa', 'pickup']));
      expect(
        pdp['rj-ipanema']!.map((o) => o.type),
        cep,
      ).toEqual(['pickup']);
    }
    // Belo Horizonte from Savassi is the local table (PAC R$ 15,90 in 3 business days, after the cut-off delay).
    const bh = await pdpQuote(sku, '30140071');
    const delay = bh['bh-savassi']!.find((o) => o.type === 'pickup')!.deadline;
    expect(homeOf(bh, 'bh-savassi')[0]).toEqual([1, 1590, 3 + delay]);
    // From Minas to São Paulo: the first zone's table, not the factory's local one.
    expect(homeOf(await pdpQuote(sku, '01310100'), 'bh-savassi')[0]).toEqual([1, 2490, 7 + delay]);
  });

  it('the shopper cart hash the page sends does not change the SKU quote', async () => {
    const [item, other] = await skus(2, { maxPrice: 20_000 });
    await stockAt(item!.id, { 'sp-oscar-freire': 4 });
    await stockAt(other!.id, { fabrica: 9 });
    const sku = await skuOf(item!.id);
    const shopperCart = await newCartWith(app, [other!]);
    const alone = await newCartWith(app, [item!]);
    const pdp = await pdpQuote(sku, '22410003', shopperCart.hash);
    expect(Object.keys(pdp)).toEqual(['sp-oscar-freire']);
    expect(pdp).toEqual(await cartQuote(alone.hash, '22410003'));
  });

  it('a factory SKU is unchanged: the factory ships it at its own table, stores holding it offer pickup', async () => {
    const [item] = await skus(1, { maxPrice: 20_000 });
    await stockAt(item!.id, { fabrica: 1, 'rj-ipanema': 5 });
    const sku = await skuOf(item!.id);
    const cart = await newCartWith(app, [item!]);
    for (const cep of CEPS) expect(await pdpQuote(sku, cep), cep).toEqual(await cartQuote(cart.hash, cep));
    const rio = await pdpQuote(sku, '22410003');
    expect(Object.keys(rio)).toEqual(['fabrica', 'rj-ipanema']);
    const delay = rio['rj-ipanema']![0]!.deadline;
    expect(rio['rj-ipanema']).toEqual([expect.objectContaining({ type: 'pickup', price: 0 })]);
    // São Paulo → Rio is zone 1: PAC R$ 24,90 in 7, Loggi R$ 34,90 in 2, SEDEX R$ 39,90 in 3 business days.
    expect(homeOf(rio, 'fabrica')).toEqual([
      [1, 2490, 7 + delay],
      [3, 3490, 2 + delay],
      [2, 3990, 3 + delay],
    ]);
  });
});
