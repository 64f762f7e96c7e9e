import {
  GTIN_MESSAGE,
  newInvalidGtin,
  ProductSaveSchema,
  type AdminVariant,
  type CategoryOption,
} from '../../contracts/catalog-admin';
import { slugify } from '../../lib/format/slug';
import { CsvError, parseCsv } from './csv';
import type { ExistingProduct, ImportPlan, PlannedProduct } from './plan-types';
import { detectDialect } from './dialect-columns';
import { readRows, type VariantRow } from './rows';

export const MAX_IMPORT_ROWS = 20_000;

const sameVariant = (a: AdminVariant, b: AdminVariant) =>
  a.sku === b.sku &&
  a.color === b.color &&
  a.size === b.size &&
  (a.gtin ?? null) === (b.gtin ?? null) &&
  a.price === b.price &&
  (a.compareAt ?? null) === (b.compareAt ?? null);

/** A category by its path (`moda/vestidos`), its name, "Departamento > Categoria", or its last segment (`Vestidos`). */
function categoryOf(text: string, categories: CategoryOption[]): string | null {
  const t = text.trim().toLowerCase();
  const slug = slugify(t);
  const hit =
    categories.find(
      (c) =>
        c.category === t ||
        c.categoryName.toLowerCase() === t ||
        `${c.departmentName} > ${c.categoryName}`.toLowerCase() === t,
    ) ?? categories.find((c) => slug !== '' && c.category.split('/').pop() === slug);
  return hit?.category ?? null;
}

/**
 * The dry run, pure: the file against the catalog as it is. Nothing is written here; the import applies the
 * plan's products (only when it has no errors: a file with any row error changes nothing).
 */
export function planImport(
  text: string,
  existing: Map<string, ExistingProduct>,
  categories: CategoryOption[],
): ImportPlan {
  const empty = (reason: string, line = 1): ImportPlan => ({
    dialect: null,
    products: [],
    errors: [{ line, reason }],
    counts: { new: 0, changed: 0, unchanged: 0, errors: 1 },
  });
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) return empty(error.message, error.line);
    throw error;
  }
  if (records.length < 2) return empty('O arquivo não tem linhas de produtos (só o cabeçalho, ou nada).');
  if (records.length - 1 > MAX_IMPORT_ROWS)
    return empty(`O arquivo tem mais de ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')} linhas: divida-o em partes.`);
  const header = records[0]!.fields;
  const dialect = detectDialect(header);
  if (!dialect)
    return empty('Cabeçalho não reconhecido: use o modelo da Vitrine ou um CSV de produtos exportado do Shopify.');
  const { rows, errors } = readRows(dialect, header, records.slice(1));
  const byHandle = new Map<string, VariantRow[]>();
  for (const r of rows) byHandle.set(r.handle, [...(byHandle.get(r.handle) ?? []), r]);
  const seenSku = new Map<string, string>();
  const products: PlannedProduct[] = [];
  for (const [handle, group] of byHandle) {
    const head = group[0]!;
    const old = existing.get(handle);
    const fail = (reason: string, line = head.line) => errors.push({ line, reason });
    const category = categoryOf(head.category, categories) ?? (old && !head.category ? old.category : null);
    if (!category) {
      fail(
        `Categoria não encontrada ("${head.category}"): use um caminho da loja, como ${categories[0]?.category ?? 'moda/vestidos'}.`,
      );
      continue;
    }
    const clash = group.find((r) => seenSku.has(r.sku.toUpperCase()) && seenSku.get(r.sku.toUpperCase()) !== handle);
    if (clash) {
      fail(`O SKU ${clash.sku} aparece em outro produto deste arquivo.`, clash.line);
      continue;
    }
    group.forEach((r) => seenSku.set(r.sku.toUpperCase(), handle));
    const input = {
      ...(old ? { id: old.id, version: old.version } : {}),
      name: head.title || old?.name || '',
      slug: handle,
      description: head.description,
      details: head.details || (old?.details ?? ''),
      category,
      published: head.published,
      variants: group.map((r) => ({
        sku: r.sku,
        color: r.color,
        size: r.size,
        gtin: r.gtin,
        price: r.price,
        compareAt: r.compareAt,
      })),
    };
    const parsed = ProductSaveSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const row = typeof issue.path[1] === 'number' ? group[issue.path[1]] : undefined;
      fail(issue.message, row?.line ?? head.line);
      continue;
    }
    const badGtin = newInvalidGtin(parsed.data.variants, old?.variants ?? []);
    if (badGtin >= 0) {
      fail(GTIN_MESSAGE(parsed.data.variants[badGtin]!.sku), group[badGtin]!.line);
      continue;
    }
    const stock: Record<string, number> = Object.create(null);
    for (const r of group) if (r.stock !== null && (old?.stock[r.sku] ?? 0) !== r.stock) stock[r.sku] = r.stock;
    const save = parsed.data;
    const unchanged =
      old !== undefined &&
      Object.keys(stock).length === 0 &&
      old.name === save.name &&
      old.description === save.description &&
      old.details === save.details &&
      old.category === save.category &&
      old.published === save.published &&
      save.variants.every((v) => old.variants.some((o) => sameVariant(o, { ...v, gtin: v.gtin ?? null })));
    products.push({
      kind: !old ? 'new' : unchanged ? 'unchanged' : 'changed',
      save,
      stock: { ...stock },
      lines: group.map((r) => r.line),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  const count = (k: PlannedProduct['kind']) => products.filter((p) => p.kind === k).length;
  return {
    dialect,
    products,
    errors,
    counts: { new: count('new'), changed: count('changed'), unchanged: count('unchanged'), errors: errors.length },
  };
}

export type { ExistingProduct, ImportPlan, PlannedProduct } from './plan-types';
export { exportCsv } from './export';
export { errorsCsv, planSummary } from './summary';
