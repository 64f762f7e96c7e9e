import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListingResultSchema, type ProductCard } from '../../src/contracts/catalog';
import { parseFavoritesCookie } from '../../src/lib/customer/favorites';
import { ga4ItemsOf, type Ga4ListItems } from '../../src/lib/analytics/ga4-list';
import { parseIdRanges } from '../../src/lib/catalog/id-ranges';
import {
  bootstrapJson,
  createCustomerSession,
  forwardTo,
  islandProps,
  json,
  makeApp,
  makeProxyWith,
  seed,
} from './app-harness';

// Listing cards' hearts: item ids on every card, and the SSR state from the `favorites` cookie (signed in only).
const app = makeApp();
const { request } = app;
const LISTING = '/moda-praia/biquinis';

interface Heart {
  items: number[];
  pressed: boolean;
  label: string;
}

/** Every card heart of a page, in card order. */
function hearts(html: string): Heart[] {
  return [...html.matchAll(/<button[^>]*class="product-card__fav[^"]*"[^>]*>/g)].map(([tag]) => {
    const attr = (name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? '';
    return {
      items: parseIdRanges(attr('data-card-favorite')),
      pressed: attr('aria-pressed') === 'true',
      label: attr('aria-label'),
    };
  });
}

async function listing(): Promise<ProductCard[]> {
  const res = await request(`/api/catalog/listing?slug=${LISTING.slice(1)}`);
  return ListingResultSchema.parse(await res.json()).products;
}

async function pageHtml(cookie: string): Promise<string> {
  const res = await request(LISTING, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('listing card hearts', () => {
  beforeAll(() => seed());

  it('each card carries all its product items, colour by colour, each of that product', async () => {
    const products = await listing();
    expect(products.length).toBeGreaterThan(3);
    for (const p of products) {
      const { results } = await env.DB.prepare('SELECT id FROM product_items WHERE product_id = ? ORDER BY id')
        .bind(p.id)
        .all<{ id: number }>();
      expect([...p.itemIds].sort((a, b) => a - b)).toEqual(results.map((r) => r.id));
    }
  });

  it('renders a not-pressed heart outside the card link on every card without a session, even with a favorites cookie', async () => {
    const products = await listing();
    const html = await pageHtml(`favorites=${products[0]!.itemIds[0]}`);
    const found = hearts(html);
    expect(found).toHaveLength(products.length);
    expect(found.every((h) => !h.pressed)).toBe(true);
    expect(found[0]!.label).toBe(`Salvar ${products[0]!.name.replace(/'/g, '&#x27;')} nos favoritos`);
    // No <button> inside an <a>.
    expect(html).not.toMatch(/<a [^>]*class="product-card__link"[^>]*>(?:(?!<\/a>).)*<button/s);
    // The page's items, in card order: the heart's place in the grid is its item's index.
    const carried = islandProps<{ items: Ga4ListItems }>(html, 'CardFavorites')!.items;
    expect(ga4ItemsOf(carried).map((i) => [i.item_id, i.item_name])).toEqual(
      products.map((p) => [String(p.id), p.name]),
    );
  });

  it('renders pressed the cards with a favourite item (any colour or size) for a signed-in shopper', async () => {
    const products = await listing();
    const { cookie } = await createCustomerSession();
    // The second card's last item (another colour/size than the one a card click saves) and junk.
    const favorite = products[1]!.itemIds.at(-1)!;
    const html = await pageHtml(`${cookie}; favorites=abc,${favorite},-3,99999999`);
    const found = hearts(html);
    expect(found.map((h) => h.pressed)).toEqual(products.map((_, i) => i === 1));
    expect(found[1]!.label).toBe(`Remover ${products[1]!.name.replace(/'/g, '&#x27;')} dos favoritos`);
  });

  it('a malformed favorites cookie lights nothing and never fails the page', async () => {
    const { cookie } = await createCustomerSession();
    const found = hearts(await pageHtml(`${cookie}; favorites=%E0%A4%A,,;`));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((h) => !h.pressed)).toBe(true);
  });

  it('search results carry the hearts too', async () => {
    const { cookie } = await createCustomerSession();
    const first = hearts(await (await request('/search?q=biquini')).text());
    expect(first.length).toBeGreaterThan(1);
    const res = await request('/search?q=biquini', {
      headers: { cookie: `${cookie}; favorites=${first[0]!.items[0]}` },
    });
    expect(hearts(await res.text()).map((h) => h.pressed)).toEqual(first.map((_, i) => i === 0));
  });

  it('the product page renders its heart from the same cookie, and the bootstrap carries it for hydration', async () => {
    const [product] = await listing();
    const { cookie } = await createCustomerSession();
    const pdpHeart = (html: string) => html.match(/<button[^>]*data-testid="favorite-toggle"[^>]*>/)?.[0] ?? '';
    const signedIn = await (
      await request(`/${product!.slug}/p`, { headers: { cookie: `${cookie}; favorites=${product!.itemIds.at(-1)}` } })
    ).text();
    expect(pdpHeart(signedIn)).toContain('aria-pressed="true"');
    expect(bootstrapJson<{ favorites: number[] }>(signedIn).favorites).toEqual([product!.itemIds.at(-1)]);
    const signedOut = await (
      await request(`/${product!.slug}/p`, { headers: { cookie: `favorites=${product!.itemIds[0]}` } })
    ).text();
    expect(pdpHeart(signedOut)).toContain('aria-pressed="false"');
    expect(bootstrapJson<{ favorites: number[] }>(signedOut).favorites).toEqual([]);
  });

  it('an upstream whose cards have no item ids still lists them, without hearts', async () => {
    const embedded = await (await request(`/api/catalog/listing?slug=${LISTING.slice(1)}`)).json();
    const stripped = {
      ...(embedded as { products: Record<string, unknown>[] }),
      products: (embedded as { products: Record<string, unknown>[] }).products.map(
        ({ itemIds: _drop, ...rest }) => rest,
      ),
    };
    const rest = forwardTo(app);
    const proxy = makeProxyWith((req) =>
      new URL(req.url).pathname.endsWith('/catalog/listing') ? json(stripped) : rest(req),
    );
    const res = await proxy.request(LISTING);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('class="product-card__link"');
    expect(hearts(html)).toHaveLength(0);
  });
});

describe('parseFavoritesCookie', () => {
  it('keeps positive integer ids and skips the rest', () => {
    expect(parseFavoritesCookie('12, 7,abc,,-1,3.5,42')).toEqual([12, 7, 42]);
    expect(parseFavoritesCookie(undefined)).toEqual([]);
    expect(parseFavoritesCookie('1,'.repeat(600)).length).toBe(500);
  });
});
