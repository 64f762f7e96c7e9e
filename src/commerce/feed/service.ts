import type { FeedItem, FeedPage, FeedQuery } from '../../contracts/feed';
import { FACTORY_STORE } from '../../contracts/shipping';
import { productBreadcrumb } from '../../lib/seo/breadcrumb';
import { payPrice } from '../product/service';
import { FACTORY_PACKAGE, quote, type ShippingConfig } from '../shipping/quote';
import type { FeedRepo } from './repo';

export interface FeedDeps {
  repo: FeedRepo;
  now: () => Date;
  shipping: ShippingConfig;
}

/**
 * The region the feed's shipping is quoted for (Merchant Center takes one price per country and service): the city of
 * São Paulo, where most orders go, shipped from the factory, as the side cart quotes it.
 */
export const FEED_SHIPPING_CEP = '01310100';

/** One page of the Merchant Center feed: sellable SKUs at the prices, stock and shipping the store sells them at. */
export async function feedPage(deps: FeedDeps, query: FeedQuery): Promise<FeedPage> {
  const rows = await deps.repo.page(query.after, query.limit);
  const now = deps.now();
  // One quote per price in this page (the free-express rule depends on the value, nothing else on the SKU).
  const quotes = new Map<number, FeedItem['shipping']>();
  const shippingFor = (valueCents: number): FeedItem['shipping'] => {
    let options = quotes.get(valueCents);
    if (!options) {
      const answer = quote({
        cep: FEED_SHIPPING_CEP,
        valueCents,
        now,
        pickup: [],
        packages: [FACTORY_PACKAGE],
        config: deps.shipping,
      });
      options = (answer?.[FACTORY_STORE] ?? [])
        .map((o) => ({ service: o.carrier, priceCents: o.price }))
        .sort((a, b) => a.priceCents - b.priceCents);
      quotes.set(valueCents, options);
    }
    return options;
  };
  const items = rows.map((r): FeedItem => {
    const priceCents = payPrice(r);
    const crumbs = productBreadcrumb(
      { slug: r.department_slug, name: r.department_name },
      { slug: r.category_slug, name: r.category_name },
    );
    return {
      productItemId: r.id,
      sku: r.sku,
      productId: r.product_id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      departmentSlug: r.department_slug,
      category: crumbs.map((c) => c.name).join(' > '),
      colorSlug: r.color_slug,
      colorName: r.color_name,
      size: r.size,
      priceCents,
      listPriceCents: r.list_price_cents,
      available: r.stock > 0,
      gtin: r.gtin,
      photo: r.photo,
      shipping: shippingFor(priceCents),
    };
  });
  const last = rows.at(-1);
  return { items, next: rows.length === query.limit && last ? last.id : null };
}
