import type { ProductColor, ProductDetail, ProductSku } from '../../contracts/product';
import { productBreadcrumb } from '../../lib/seo/breadcrumb';
import { discountPercent } from '../../lib/format/money';
import { DomainError } from '../domain-error';
import type { ProductRepo } from './repo';
import { PRODUCT_MESSAGES } from '../../lib/messages/products';

export interface ProductDeps {
  repo: ProductRepo;
}

/** At or below this many units overall, the page says "Últimas unidades". */
export const LAST_UNITS = 3;

/** What the shopper pays for a SKU: sale_price_cents 0 means "no second price", the list price (spec §5). */
export const payPrice = (i: { sale_price_cents: number; list_price_cents: number }): number =>
  i.sale_price_cents > 0 ? i.sale_price_cents : i.list_price_cents;

/** The product page's data: colours in catalogue order with their photos, SKUs with availability. */
export async function productDetail(deps: ProductDeps, slug: string): Promise<ProductDetail> {
  const row = await deps.repo.bySlug(slug);
  if (!row) throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  const [items, photos] = await Promise.all([deps.repo.items(row.id), deps.repo.photos(row.id)]);
  if (items.length === 0) throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);

  const colors = new Map<string, ProductColor>();
  for (const item of items) {
    if (!colors.has(item.color_slug)) {
      colors.set(item.color_slug, { slug: item.color_slug, name: item.color_name, hex: item.color_hex, photos: [] });
    }
  }
  for (const photo of photos) colors.get(photo.color_slug)?.photos.push(photo.file);

  const skus: ProductSku[] = items.map((i) => {
    const priceCents = payPrice(i);
    return {
      productItemId: i.id,
      sku: i.sku,
      color: i.color_slug,
      size: i.size,
      sizeOrder: i.size_order,
      priceCents,
      listPriceCents: i.list_price_cents,
      discountPct: discountPercent(i.list_price_cents, i.sale_price_cents),
      available: i.stock > 0,
      gtin: i.gtin,
      lastUnits: i.stock > 0 && i.stock <= LAST_UNITS,
    };
  });
  const pool = skus.some((s) => s.available) ? skus.filter((s) => s.available) : skus;
  const cheapest = pool.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const department = { slug: row.department_slug, name: row.department_name };
  const category = { slug: row.category_slug, name: row.category_name };
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    details: row.details,
    department,
    category,
    breadcrumb: productBreadcrumb(department, category),
    priceCents: cheapest.priceCents,
    listPriceCents: cheapest.listPriceCents,
    discountPct: cheapest.discountPct,
    preSale: row.pre_sale === 1,
    gift: row.gift === 1,
    colors: [...colors.values()],
    skus,
  };
}
