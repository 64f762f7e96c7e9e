import { z } from 'zod';

export const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'discount'] as const;
export type Sort = (typeof SORTS)[number];

export const PRICE_BUCKETS = [
  { key: '0-100', label: 'Até R$ 100', min: 0, max: 10_000 },
  { key: '100-200', label: 'R$ 100 a R$ 200', min: 10_000, max: 20_000 },
  { key: '200-300', label: 'R$ 200 a R$ 300', min: 20_000, max: 30_000 },
  { key: '300-500', label: 'R$ 300 a R$ 500', min: 30_000, max: 50_000 },
  { key: '500-', label: 'Acima de R$ 500', min: 50_000, max: null },
] as const;
export type PriceBucketKey = (typeof PRICE_BUCKETS)[number]['key'];

const list = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')))
    .transform((v) => [...new Set(v.map((s) => s.trim()).filter(Boolean))].slice(0, max));

/** A single-valued parameter given twice (`?preco=a&preco=a`) is read as its first value, not dropped. */
const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * A page number past any listing's last page (10,000 pages of 24 is more than the catalog holds): a larger one is
 * read as this one, so it is a 404 like any page past the end, without asking the database for its offset.
 */
export const PAST_ANY_PAGE = 10_001;

/**
 * Listing/search state as it lives in the URL (shareable, works without JS). Bad values fall back (a page that is
 * not a whole number ≥ 1 is page 1); a page number past the last page is a 404 on the page routes.
 */
export const ListingQuerySchema = z.object({
  tamanho: list(12),
  cor: list(12),
  departamento: list(6),
  preco: z
    .preprocess(first, z.enum(PRICE_BUCKETS.map((b) => b.key) as [PriceBucketKey, ...PriceBucketKey[]]).optional())
    .catch(undefined),
  ordem: z.preprocess(first, z.enum(SORTS).optional()).catch(undefined),
  pagina: z
    .preprocess(
      first,
      z.coerce
        .number()
        .refine((p) => Number.isInteger(p) && p >= 1)
        .transform((p) => Math.min(p, PAST_ANY_PAGE)),
    )
    .catch(1)
    .default(1),
});
export type ListingQuery = z.infer<typeof ListingQuerySchema>;

export interface Swatch {
  slug: string;
  name: string;
  hex: string;
}

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  categoryName: string;
  departmentSlug: string;
  /** Integer cents: what the shopper pays, and the list price (equal when not on sale). */
  priceCents: number;
  listPriceCents: number;
  discountPct: number;
  preSale: boolean;
  /** Photo file name; URLs per variant come from `lib/images` with the configured image host. */
  image: string | null;
  swatches: Swatch[];
  /** The product's items (every colour and size); the heart is on when any is a favourite, and saves the first. */
  itemIds: number[];
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
  hex?: string;
}

export interface Facets {
  sizes: FacetValue[];
  colors: FacetValue[];
  departments: FacetValue[];
  prices: FacetValue[];
}

export interface ListingResult {
  products: ProductCard[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
  facets: Facets;
}

/** A listing with nothing in it (empty query, or a backend that could not answer). */
export const EMPTY_LISTING: ListingResult = {
  products: [],
  total: 0,
  page: 1,
  pages: 1,
  perPage: 24,
  facets: { sizes: [], colors: [], departments: [], prices: [] },
};

export interface Suggestions {
  products: { id: number; slug: string; name: string; priceCents: number; image: string | null }[];
  categories: { name: string; href: string }[];
}

const SwatchSchema = z.object({ slug: z.string(), name: z.string(), hex: z.string() });
const ProductCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  categoryName: z.string(),
  departmentSlug: z.string(),
  priceCents: z.number().int().nonnegative(),
  listPriceCents: z.number().int().nonnegative(),
  discountPct: z.number().int().min(0).max(100),
  preSale: z.boolean(),
  image: z.string().nullable(),
  swatches: z.array(SwatchSchema),
  // An upstream without item ids still lists its products; their cards just have no heart.
  itemIds: z.array(z.number().int().positive()).default([]),
});
const FacetValueSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
  hex: z.string().optional(),
});

export const ListingResultSchema = z.object({
  products: z.array(ProductCardSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pages: z.number().int().positive(),
  perPage: z.number().int().positive(),
  facets: z.object({
    sizes: z.array(FacetValueSchema),
    colors: z.array(FacetValueSchema),
    departments: z.array(FacetValueSchema),
    prices: z.array(FacetValueSchema),
  }),
});

export const SearchResultSchema = ListingResultSchema.extend({
  corrected: z.array(z.object({ from: z.string(), to: z.array(z.string()) })),
});

export const SuggestionsSchema = z.object({
  products: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      image: z.string().nullable(),
    }),
  ),
  categories: z.array(z.object({ name: z.string(), href: z.string() })),
});

export const SearchTermSchema = z.string().trim().max(100, 'Busca muito longa.');
