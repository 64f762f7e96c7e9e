import type { Ga4Item, Ga4List } from './ga4';

/** One card's item as a listing page carries it: item_id, item_name, item_category, price, item_variant, discount. */
export type Ga4Row = [string, string, string | null, number, string | null, number | null];

/**
 * A listing page's GA4 items as the page carries them (to save the HTML's bytes): one row per card, what every item
 * shares said once. Made by `ga4ListItems` (lib/analytics/ga4.ts); `ga4ItemsOf` gives back exactly its `ga4Items`. Its own
 * module, so the listing's browser code does not take the rest of lib/analytics/ga4.ts with it.
 */
export interface Ga4ListItems {
  list: Ga4List;
  brand: string;
  offset: number;
  rows: Ga4Row[];
}

export function ga4ItemsOf({ list, brand, offset, rows }: Ga4ListItems): Ga4Item[] {
  return rows.map(([id, name, category, price, variant, discount], i) => {
    const item: Ga4Item = { item_id: id, item_name: name, item_brand: brand, ...list, price, index: offset + i };
    if (category !== null) item.item_category = category;
    if (variant !== null) item.item_variant = variant;
    if (discount !== null) item.discount = discount;
    return item;
  });
}
