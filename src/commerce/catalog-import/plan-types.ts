import type { AdminVariant, ProductSave } from '../../contracts/catalog-admin';
import type { Dialect } from './dialect-columns';
import type { RowError } from './rows';

/** A product as the catalog holds it now, for the dry run's comparison and the export (pure data). */
export interface ExistingProduct {
  id: number;
  version: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  category: string;
  published: boolean;
  variants: AdminVariant[];
  /** On hand at `fabrica` per SKU. */
  stock: Record<string, number>;
}

export interface PlannedProduct {
  kind: 'new' | 'changed' | 'unchanged';
  /** The save's input (id and version set for an existing product). */
  save: ProductSave;
  /** Stock at `fabrica` to set, per SKU (only those the file gives and that differ). */
  stock: Record<string, number>;
  lines: number[];
}

export interface ImportPlan {
  dialect: Dialect | null;
  products: PlannedProduct[];
  errors: RowError[];
  counts: { new: number; changed: number; unchanged: number; errors: number };
}
