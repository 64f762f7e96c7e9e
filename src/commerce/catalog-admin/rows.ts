// The rows catalog editing reads: a product and its SKUs.
export interface ProductRow {
  id: number;
  version: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  department_slug: string;
  department_name: string;
  category_slug: string;
  category_name: string;
  published: number;
}
export interface ItemRow {
  id: number;
  sku: string;
  color_slug: string;
  color_name: string;
  size: string;
  size_order: number;
  gtin: string | null;
  list_price_cents: number;
  sale_price_cents: number;
}
