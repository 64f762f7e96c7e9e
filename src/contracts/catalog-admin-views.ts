/** What catalog editing answers. */
export interface AdminVariant {
  sku: string;
  color: string;
  size: string;
  gtin: string | null;
  price: number;
  compareAt: number | null;
}

export interface AdminProduct {
  id: number;
  version: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  category: string;
  categoryName: string;
  department: string;
  departmentName: string;
  published: boolean;
  variants: AdminVariant[];
  /** Its photos per colour, in the storefront's order (the file names under `<IMAGE_HOST>/product/`). */
  photos: AdminPhoto[];
}

export interface AdminPhoto {
  color: string;
  position: number;
  file: string;
}

export interface AdminProductRow {
  id: number;
  slug: string;
  name: string;
  categoryName: string;
  departmentName: string;
  published: boolean;
  price: number;
  variants: number;
}

export interface AdminProductsPage {
  products: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CategoryOption {
  category: string;
  categoryName: string;
  department: string;
  departmentName: string;
}

/** A save: the product as stored now, and the before/after of the fields it changed (plain objects, the audit's). */
export interface ProductSaved {
  product: AdminProduct;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
