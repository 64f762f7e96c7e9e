import {
  GTIN_MESSAGE,
  newInvalidGtin,
  PRODUCTS_PAGE_SIZE,
  type AdminPhoto,
  type AdminProduct,
  type AdminProductsPage,
  type CategoryOption,
  type ProductSave,
  type ProductSaved,
  type ProductsQuery,
} from '../../contracts/catalog-admin';
import { discountPercent } from '../../lib/format/money';
import { slugify } from '../../lib/format/slug';
import { foldText } from '../../lib/format/text';
import { DomainError } from '../domain-error';
import { isStaleProduct, type CatalogAdminRepo } from './repo';
import type { ItemRow, ProductRow } from './rows';
import { PRODUCT_MESSAGES } from '../../lib/messages/products';

export const CATALOG_MESSAGES = {
  notFound: PRODUCT_MESSAGES.notFound,
  category: 'Categoria não encontrada: escolha uma da lista.',
  slugTaken: 'Já existe outro produto com este endereço (slug). Escolha outro.',
  skuTaken: (sku: string) => `O SKU ${sku} já pertence a outro produto.`,
  photoColor: 'Escolha uma das cores do produto para a foto.',
  photoGone: 'Esta foto não é mais do produto: recarregue a página.',
  stale:
    'Este produto foi alterado por outra pessoa desde que você abriu a página. Nada foi salvo: recarregue a página, confira as alterações e salve de novo.',
} as const;

/** The listing slugs a category path puts a product in: its department and every prefix of its path. */
export function categoryListings(department: string, category: string): string[] {
  const parts = category.split('/');
  return [...new Set([department, ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))])];
}

const toProduct = (p: ProductRow, items: ItemRow[], photos: AdminPhoto[]): AdminProduct => ({
  id: p.id,
  version: p.version,
  slug: p.slug,
  name: p.name,
  description: p.description,
  details: p.details,
  category: p.category_slug,
  categoryName: p.category_name,
  department: p.department_slug,
  departmentName: p.department_name,
  published: p.published === 1,
  variants: items.map((i) => ({
    sku: i.sku,
    color: i.color_name,
    size: i.size,
    gtin: i.gtin,
    price: i.sale_price_cents > 0 ? i.sale_price_cents : i.list_price_cents,
    compareAt: i.sale_price_cents > 0 ? i.list_price_cents : null,
  })),
  photos,
});

export async function productsPage(repo: CatalogAdminRepo, query: ProductsQuery): Promise<AdminProductsPage> {
  const { rows, total } = await repo.page(query);
  return {
    products: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      categoryName: r.category_name,
      departmentName: r.department_name,
      published: r.published === 1,
      price: r.price_cents,
      variants: r.variants,
    })),
    total,
    page: query.page,
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

export async function productForEdit(repo: CatalogAdminRepo, id: number): Promise<AdminProduct> {
  const row = await repo.product(id);
  if (!row) throw new DomainError('NOT_FOUND', CATALOG_MESSAGES.notFound);
  const [items, photos] = await Promise.all([repo.items(id), repo.photos(id)]);
  return toProduct(row, items, photos);
}

export const categoryOptions = (repo: CatalogAdminRepo): Promise<CategoryOption[]> => repo.categories();

/** The fields a save changed, before and after, as plain objects (the audit log's). */
type FieldChanges = { before: Record<string, unknown>; after: Record<string, unknown> };

function changes(before: AdminProduct | null, after: AdminProduct): FieldChanges {
  const b: Record<string, unknown> = Object.create(null);
  const a: Record<string, unknown> = Object.create(null);
  const fields = ['slug', 'name', 'description', 'details', 'category', 'published'] as const;
  for (const f of fields) {
    if (!before || before[f] !== after[f]) {
      b[f] = before ? before[f] : null;
      a[f] = after[f];
    }
  }
  const was = new Map((before?.variants ?? []).map((v) => [v.sku, v]));
  for (const v of after.variants) {
    const old = was.get(v.sku);
    if (!old || JSON.stringify(old) !== JSON.stringify(v)) {
      b[`variant:${v.sku}`] = old ? { ...old } : null;
      a[`variant:${v.sku}`] = { ...v };
    }
  }
  return { before: { ...b }, after: { ...a } };
}

/**
 * Creates or edits a product with its variants (colour × size) as ONE batch: the version guard, the product row, its
 * SKUs, listings and search row, then `extra` (the audit row joins here). Triggers bump the content version on any
 * shown change (ADR 0018), so listings, search, suggestions and the product page show it within the TTL.
 */
export async function saveProduct(
  repo: CatalogAdminRepo,
  input: ProductSave,
  actor: { staffId: number | null; now: Date },
  /** Joins the batch; a function gets the changed fields' before/after as the save writes them (the audit row). */
  extra: D1PreparedStatement[] | ((change: FieldChanges) => D1PreparedStatement[]) = [],
): Promise<ProductSaved> {
  const before = input.id !== undefined ? await productForEdit(repo, input.id) : null;
  const badGtin = newInvalidGtin(input.variants, before?.variants ?? []);
  if (badGtin >= 0) throw new DomainError('VALIDATION', GTIN_MESSAGE(input.variants[badGtin]!.sku));
  if (before && before.version !== input.version) throw new DomainError('CONFLICT', CATALOG_MESSAGES.stale);
  const category = (await repo.categories()).find((c) => c.category === input.category);
  if (!category) throw new DomainError('UNPROCESSABLE', CATALOG_MESSAGES.category);
  const id = before?.id ?? (await repo.nextId());
  const clash = await repo.clashes(
    id,
    input.slug,
    input.variants.map((v) => v.sku),
  );
  if (clash.slug) throw new DomainError('CONFLICT', CATALOG_MESSAGES.slugTaken);
  if (clash.sku) throw new DomainError('CONFLICT', CATALOG_MESSAGES.skuTaken(clash.sku));

  const hexes = await repo.colorHexes();
  const existing = new Map((before?.variants ?? []).map((v) => [v.sku.toUpperCase(), v.sku]));
  const sizes = [...new Set(input.variants.map((v) => v.size))];
  const items = input.variants.map((v) => {
    const colorSlug = slugify(v.color) || 'cor';
    return {
      sku: existing.get(v.sku.toUpperCase()) ?? v.sku,
      existing: existing.has(v.sku.toUpperCase()),
      color_slug: colorSlug,
      color_name: v.color,
      color_hex: hexes.get(colorSlug) ?? '#cccccc',
      size: v.size,
      size_order: sizes.indexOf(v.size),
      gtin: v.gtin,
      list_price_cents: v.compareAt ?? v.price,
      sale_price_cents: v.compareAt ? v.price : 0,
    };
  });
  const cheapest = [...items].sort(
    (x, y) => (x.sale_price_cents || x.list_price_cents) - (y.sale_price_cents || y.list_price_cents),
  )[0]!;
  const listings = input.published ? categoryListings(category.department, category.category) : [];
  const oldListings = before ? categoryListings(before.department, before.category) : [];
  const colors = [...new Set(items.map((i) => i.color_name))];
  const fts = input.published
    ? {
        name: foldText(input.name),
        body: foldText([category.departmentName, category.categoryName, ...colors, input.description].join(' ')),
      }
    : null;
  const oldFts = before ? await repo.ftsRow(id) : null;
  const at = actor.now.toISOString();
  const written: AdminProduct = {
    id,
    version: before?.version ?? 0,
    slug: input.slug,
    name: input.name,
    description: input.description,
    details: input.details,
    category: category.category,
    categoryName: category.categoryName,
    department: category.department,
    departmentName: category.departmentName,
    published: input.published,
    variants: items.map((i, k) => ({
      sku: i.sku,
      color: i.color_name,
      size: i.size,
      gtin: i.gtin,
      price: input.variants[k]!.price,
      compareAt: input.variants[k]!.compareAt,
    })),
    photos: before?.photos ?? [],
  };
  const joined = typeof extra === 'function' ? extra(changes(before, written)) : extra;
  try {
    await repo.batch([
      ...repo.saveStatements({
        id,
        version: before ? input.version! : null,
        row: {
          slug: input.slug,
          name: input.name,
          description: input.description,
          details: input.details,
          department_slug: category.department,
          department_name: category.departmentName,
          category_slug: category.category,
          category_name: category.categoryName,
          published: input.published ? 1 : 0,
          price_cents: cheapest.sale_price_cents || cheapest.list_price_cents,
          list_price_cents: cheapest.list_price_cents,
          discount_pct: discountPercent(cheapest.list_price_cents, cheapest.sale_price_cents),
        },
        items,
        listings,
        dropListings: oldListings.filter((s) => !listings.includes(s)),
        categorySlugs: [...new Set([...oldListings, ...categoryListings(category.department, category.category)])],
        fts,
        touch: JSON.stringify(oldFts ?? null) !== JSON.stringify(fts),
        staffId: actor.staffId,
        at,
      }),
      ...joined,
    ]);
  } catch (error) {
    if (isStaleProduct(error)) throw new DomainError('CONFLICT', CATALOG_MESSAGES.stale);
    throw error;
  }
  const product = await productForEdit(repo, id);
  return { product, ...changes(before, product) };
}

/**
 * Links a stored photo to one of the product's colours, after its last photo, in ONE batch with `extra` (the audit
 * row): the product page, listings and feed show it within the content version's TTL (product_photos' triggers).
 */
export async function addProductPhoto(
  repo: CatalogAdminRepo,
  input: { id: number; color: string; file: string },
  extra: (after: Record<string, unknown>) => D1PreparedStatement[],
): Promise<{ id: number; color: string; file: string; position: number }> {
  await productForEdit(repo, input.id);
  const colorSlug = await repo.colorSlug(input.id, input.color);
  if (!colorSlug) throw new DomainError('UNPROCESSABLE', CATALOG_MESSAGES.photoColor);
  await repo.batch([
    repo.photoStatement(input.id, colorSlug, input.file),
    ...extra({ photo: input.file, color: input.color }),
  ]);
  return { ...input, position: (await repo.photoPosition(input.id, input.file)) ?? 0 };
}

/**
 * Removes one of the product's photos in ONE batch with `extra` (the audit row), guarded by the form's product
 * version (a stale form is `CONFLICT`, nothing removed). Answers the removed photo; its bucket objects are the
 * caller's to delete once this has committed, so a refused removal never leaves a row without its files.
 */
export async function removeProductPhoto(
  repo: CatalogAdminRepo,
  input: { id: number; version: number; file: string },
  actor: { staffId: number | null; now: Date },
  extra: (before: Record<string, unknown>) => D1PreparedStatement[],
): Promise<AdminPhoto> {
  const product = await productForEdit(repo, input.id);
  if (product.version !== input.version) throw new DomainError('CONFLICT', CATALOG_MESSAGES.stale);
  const photo = product.photos.find((p) => p.file === input.file);
  if (!photo) throw new DomainError('UNPROCESSABLE', CATALOG_MESSAGES.photoGone);
  try {
    await repo.batch([
      ...repo.photoRemoveStatements(input.id, input.version, input.file, actor.staffId, actor.now.toISOString()),
      ...extra({ photo: photo.file, color: photo.color, position: photo.position }),
    ]);
  } catch (error) {
    if (isStaleProduct(error)) throw new DomainError('CONFLICT', CATALOG_MESSAGES.stale);
    throw error;
  }
  return photo;
}
