import type { ProductCard } from '../contracts/catalog';
import { centsToReais as reais } from './money';

/** A product in GA4 ecommerce shape (prices in reais, as GA4 expects). */
export interface Ga4Item {
  item_id: string;
  item_name: string;
  item_brand: string;
  item_category: string;
  item_variant?: string;
  item_list_id: string;
  item_list_name: string;
  price: number;
  discount?: number;
  index: number;
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
      item_brand: 'Vitrine',
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
