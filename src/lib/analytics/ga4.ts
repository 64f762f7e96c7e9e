import type { Cart } from '../../contracts/cart';
import type { ProductCard } from '../../contracts/catalog';
import type { ProductDetail, ProductSku } from '../../contracts/product';
import { breadcrumbNames } from '../seo/breadcrumb';
import { centsToReais as reais } from '../format/money';
import type { Ga4ListItems, Ga4Row } from './ga4-list';
import { BRAND } from '../seo/structured-data';

/** A product in GA4 ecommerce shape (prices in reais, as GA4 expects); list fields only in list events. */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category?: string;
  item_category2?: string;
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  price: number;
  discount?: number;
  index?: number;
  quantity?: number;
}

export interface Ga4List {
  item_list_id: string;
  item_list_name: string;
}

/** Items of one listing page; `offset` makes `index` the position in the whole list, not the page. */
export function ga4Items(products: ProductCard[], list: Ga4List, offset: number): Ga4Item[] {
  return products.map((p, i) => {
    const item: Ga4Item = {
      item_id: String(p.id),
      item_name: p.name,
      item_brand: BRAND,
      item_category: p.categoryName,
      ...list,
      price: reais(p.priceCents),
      index: offset + i,
    };
    if (p.swatches[0]) item.item_variant = p.swatches[0].name;
    if (p.listPriceCents > p.priceCents) item.discount = reais(p.listPriceCents - p.priceCents);
    return item;
  });
}

/** A listing page's `ga4Items` as the page carries them (lib/analytics/ga4-list.ts gives them back, in the browser). */
export function ga4ListItems(products: ProductCard[], list: Ga4List, offset: number): Ga4ListItems {
  const rows = ga4Items(products, list, offset).map((i): Ga4Row => [
    i.item_id,
    i.item_name,
    i.item_category ?? null,
    i.price,
    i.item_variant ?? null,
    i.discount ?? null,
  ]);
  return { list, brand: BRAND, offset, rows };
}

/** The item for `view_item`/`add_to_cart`: department and category from the breadcrumb rule (spec §3). */
export function ga4Item(
  product: Pick<ProductDetail, 'id' | 'name' | 'breadcrumb'>,
  variant: { colorName: string; sku: ProductSku | null; priceCents: number },
): Ga4Item {
  const names = breadcrumbNames(product.breadcrumb);
  const item: Ga4Item = {
    item_id: String(product.id),
    item_name: product.name,
    item_brand: BRAND,
    price: reais(variant.priceCents),
    quantity: 1,
    item_variant: variant.sku ? `${variant.colorName} / ${variant.sku.size}` : variant.colorName,
  };
  if (names) {
    item.item_category = names.department_name;
    item.item_category2 = names.category_name;
  }
  return item;
}

/** A cart line for `add_to_cart`/`remove_from_cart`/`view_cart` (the line knows its SKU, colour and size). */
export function ga4CartItem(
  line: { id_item_product: number; price: number; product: { name: string; color: string; size: string } },
  quantity: number,
): Ga4Item {
  const variant = [line.product.color, line.product.size].filter(Boolean).join(' / ');
  const item: Ga4Item = {
    item_id: String(line.id_item_product),
    item_name: line.product.name,
    item_brand: BRAND,
    price: reais(line.price),
    quantity,
  };
  if (variant) item.item_variant = variant;
  return item;
}

/** The cart's lines for the checkout events (`begin_checkout`, `add_shipping_info`, `add_payment_info`). */
export function cartGa4Items(cart: Cart): Ga4Item[] {
  return cart.items.map((line, index) => ({ ...ga4CartItem(line, line.amount), index }));
}
