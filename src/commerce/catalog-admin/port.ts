import type {
  AdminPhoto,
  AdminProduct,
  AdminProductsPage,
  CategoryOption,
  ProductSave,
  ProductSaved,
  ProductsQuery,
} from '../../contracts/catalog-admin';

/**
 * Catalog editing in the back office; every call needs the operator. Embedded backend only: with
 * COMMERCE_API_URL the upstream owns the catalog and these answer `CONFLICT` (the pages say so before calling).
 */
export interface CatalogAdminPort {
  backofficeProducts(query: ProductsQuery): Promise<AdminProductsPage>;
  backofficeProduct(id: number): Promise<AdminProduct>;
  backofficeCategories(): Promise<CategoryOption[]>;
  /** Create (no id) or edit (id + version); a stale version is `CONFLICT`. */
  backofficeProductSave(input: ProductSave): Promise<ProductSaved>;
  /** Links a photo already stored in the images bucket (ADR 0032) to one of the product's colours, as its last photo. */
  backofficeProductPhotoAdd(input: PhotoAdd): Promise<PhotoAdd & { position: number }>;
  /** Unlinks one of its photos under the form's product version (stale: `CONFLICT`); answers the photo removed. */
  backofficeProductPhotoRemove(input: { id: number; version: number; file: string }): Promise<AdminPhoto>;
}

/** A stored photo for a product's colour (its name, as the form lists them). */
export interface PhotoAdd {
  id: number;
  color: string;
  file: string;
}

export const UPSTREAM_OWNS_CATALOG =
  'Esta loja usa um backend externo (COMMERCE_API_URL): o catálogo pertence a ele. Faça as alterações por lá; nada foi alterado aqui.';
