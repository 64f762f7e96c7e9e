import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, scriptTags, seed, sellOut } from './app-harness';
import { post } from './cart-helpers';
import { feedItems, type FeedItemXml } from './feed-helpers';

// Google disapproves an item whose feed price or availability disagrees with the page or the checkout: for a sample
// of variants, the feed, the product page's JSON-LD and a cart holding the variant say the same, before and after a
// price change and a sell-out (the worker tests trust a content version for 0 ms: CONTENT_VERSION_TTL_MS).
const app = makeApp();
const SITE = 'https://www.vitrine.com.br';

/** What each source says about one variant: the price paid, the list price, in stock or not. */
interface Facts {
  price: string;
  list: string;
  inStock: boolean;
}

const money = (cents: number) => (cents / 100).toFixed(2);

function fromFeed(item: FeedItemXml): Facts {
  const price = String(item['g:price']).replace(' BRL', '');
  const sale = item['g:sale_price'] ? String(item['g:sale_price']).replace(' BRL', '') : null;
  return { price: sale ?? price, list: price, inStock: item['g:availability'] === 'in_stock' };
}

type Offer = { price: string; availability: string; priceSpecification?: { priceType: string; price: string } };

/** The variants of a product page's ProductGroup, by SKU. */
async function fromPage(slug: string): Promise<Map<string, Facts>> {
  const html = await (await app.request(`${SITE}/${slug}/p`)).text();
  const blocks = JSON.parse(scriptTags(html).find((t) => t.attrs.type === 'application/ld+json')!.body) as Record<
    string,
    unknown
  >[];
  const group = blocks.find((b) => b['@type'] === 'ProductGroup') as { hasVariant: { sku: string; offers: Offer }[] };
  return new Map(
    group.hasVariant.map(({ sku, offers }) => [
      sku,
      {
        price: offers.price,
        list:
          offers.priceSpecification?.priceType === 'https://schema.org/StrikethroughPrice'
            ? offers.priceSpecification.price
            : offers.price,
        inStock: offers.availability === 'https://schema.org/InStock',
      },
    ]),
  );
}

/** A new cart holding one unit of the variant: its line's prices, or not in stock when the cart refuses it. */
async function fromCart(productItemId: number): Promise<Facts | 'refused'> {
  const res = await post(app, '/api/cart', { productItemId, amount: 1 });
  if (res.status !== 200) {
    const body = (await res.json()) as { error: string };
    expect(body.error).toBe('O estoque desse produto esgotou!');
    return 'refused';
  }
  const line = ((await res.json()) as { items: { price: number; original_price: number }[] }).items[0]!;
  return { price: money(line.price), list: money(line.original_price), inStock: true };
}

interface Variant {
  id: number;
  sku: string;
  slug: string;
  product_id: number;
}

/** About 200 variants: every SKU of the products taken (sold-out sizes included), products spread over the catalogue. */
async function sample(): Promise<Variant[]> {
  const { results } = await env.DB.prepare(
    `SELECT i.id, i.sku, p.slug, p.id AS product_id FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND p.id % 17 = 3 ORDER BY i.id`,
  ).all<Variant>();
  return results.slice(0, 200);
}

async function compare(variants: Variant[]): Promise<{ problems: string[]; soldOut: number }> {
  const feed = new Map(
    (await feedItems(await app.request(`${SITE}/feeds/google.xml`))).map((i) => [i['g:id'], fromFeed(i)]),
  );
  const pages = new Map<string, Map<string, Facts>>();
  for (const slug of new Set(variants.map((v) => v.slug))) pages.set(slug, await fromPage(slug));
  const carts = await Promise.all(variants.map((v) => fromCart(v.id)));
  const problems: string[] = [];
  let soldOut = 0;
  variants.forEach((v, n) => {
    const inFeed = feed.get(v.sku);
    const onPage = pages.get(v.slug)!.get(v.sku);
    const cart = carts[n]!;
    if (!inFeed || !onPage) return problems.push(`${v.sku} missing (feed ${!!inFeed}, page ${!!onPage})`);
    if (JSON.stringify(inFeed) !== JSON.stringify(onPage))
      problems.push(`${v.sku} feed ${JSON.stringify(inFeed)} page ${JSON.stringify(onPage)}`);
    if (cart === 'refused') {
      soldOut++;
      if (inFeed.inStock) problems.push(`${v.sku} in stock in the feed, refused by the cart`);
    } else if (JSON.stringify(cart) !== JSON.stringify(inFeed))
      problems.push(`${v.sku} feed ${JSON.stringify(inFeed)} cart ${JSON.stringify(cart)}`);
    return undefined;
  });
  return { problems, soldOut };
}

describe('feed, product page and cart agree on price and availability', () => {
  let variants: Variant[];
  beforeAll(async () => {
    await seed();
    variants = await sample();
  });

  it('for a sample of 200 variants, on sale or not, in stock or sold out', async () => {
    expect(variants).toHaveLength(200);
    const { problems, soldOut } = await compare(variants);
    expect(problems).toEqual([]);
    expect(soldOut).toBeGreaterThan(0);
  });

  it('again right after a price change and a sell-out', async () => {
    const [repriced, soldOut] = [variants[0]!, variants.at(-1)!];
    await env.DB.prepare('UPDATE product_items SET sale_price_cents = list_price_cents - 1234 WHERE id = ?')
      .bind(repriced.id)
      .run();
    await sellOut(soldOut.product_id);
    const affected = variants.filter(
      (v) => v.product_id === repriced.product_id || v.product_id === soldOut.product_id,
    );
    const { problems } = await compare(affected);
    expect(problems).toEqual([]);
    const item = (await feedItems(await app.request(`${SITE}/feeds/google.xml`))).find(
      (i) => i['g:id'] === soldOut.sku,
    )!;
    expect(item['g:availability']).toBe('out_of_stock');
  });
});
