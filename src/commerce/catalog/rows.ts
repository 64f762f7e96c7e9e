// The rows the catalog's listing queries read (repo.ts, stored-repo.ts).

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  category_name: string;
  department_slug: string;
  price_cents: number;
  list_price_cents: number;
  discount_pct: number;
  pre_sale: number;
}

export interface SwatchRow {
  product_id: number;
  color_slug: string;
  color_name: string;
  color_hex: string;
  file: string | null;
  /** The colour's product item ids, comma-separated. */
  item_ids: string;
}

export interface FacetRow {
  facet: 'size' | 'color' | 'department' | 'price';
  value: string;
  label: string;
  extra: string | null;
  count: number;
}
