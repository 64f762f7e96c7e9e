import type { ProductDetail, ProductSku } from '../contracts/product';
import { breadcrumbNames } from './breadcrumb';
import { centsToReais } from './money';

/** A GA4 ecommerce item (prices in reais, as GA4 expects). */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category?: string;
  item_category2?: string;
  item_variant?: string;
  price: number;
  quantity: number;
}

export const BRAND = 'Vitrine';

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
    price: centsToReais(variant.priceCents),
    quantity: 1,
    item_variant: variant.sku ? `${variant.colorName} / ${variant.sku.size}` : variant.colorName,
  };
  if (names) {
    item.item_category = names.department_name;
    item.item_category2 = names.category_name;
  }
  return item;
}
