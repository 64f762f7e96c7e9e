import templates from './category-templates.json';

/** The generated catalog's product templates (pt-BR), one per category. Category slugs are Menu-Topo slugs. */
export interface CategoryTemplate {
  slug: string;
  noun: string;
  styles: string[];
  sizes: string[];
  /** Price range in whole reais. */
  price: [number, number];
  fabric: string;
  weight: number;
}

/** The size runs a template names instead of listing them (category-templates.json `sizes`). */
const SIZE_RUNS = new Map<string, string[]>([
  ['ALPHA', ['PP', 'P', 'M', 'G', 'GG']],
  ['ALPHA_X', ['PP', 'P', 'M', 'G', 'GG', 'XGG']],
  ['ONE', ['Único']],
]);

/** The templates are data (category-templates.json); a size run named there that does not exist fails the seed. */
export const CATEGORIES: CategoryTemplate[] = templates.map((t) => {
  const sizes = typeof t.sizes === 'string' ? SIZE_RUNS.get(t.sizes) : t.sizes;
  if (!sizes) throw new Error(`category template ${t.slug}: unknown size run ${String(t.sizes)}`);
  return { ...t, sizes, price: [t.price[0]!, t.price[1]!] };
});
