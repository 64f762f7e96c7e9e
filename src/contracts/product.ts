import { z } from 'zod';

/** `GET /api/products/:slug` — everything the product page needs; money in integer cents. */

const Named = z.object({ slug: z.string().min(1), name: z.string().min(1) });

export const ProductColorSchema = z.object({
  slug: z.string().min(1),
  name: z.string().min(1),
  hex: z.string().regex(/^#[0-9a-f]{3,8}$/i),
  /** Photo files in display order; URLs per variant come from `lib/images`. */
  photos: z.array(z.string().min(1)),
});

export const ProductSkuSchema = z.object({
  /** The id the cart API takes (`productItemId`, spec §7 POST /api/cart). */
  productItemId: z.number().int().positive(),
  sku: z.string().min(1),
  /** Colour slug (one of `colors[].slug`). */
  color: z.string().min(1),
  size: z.string().min(1),
  sizeOrder: z.number().int(),
  priceCents: z.number().int().nonnegative(),
  listPriceCents: z.number().int().positive(),
  discountPct: z.number().int().min(0).max(100),
  /** Stock above zero in at least one store. */
  available: z.boolean(),
  /** Few units left overall (a hint for the shopper, never the exact stock). */
  lastUnits: z.boolean(),
  /** The manufacturer's GTIN as stored (published only when its check digit is valid); absent upstream. */
  gtin: z.string().nullish(),
});

export const ProductDetailSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  details: z.string(),
  department: Named,
  category: Named,
  /** Category path; spec §3: the last two entries give department_name and category_name. */
  breadcrumb: z.array(Named),
  /** Lowest price the shopper pays, its list price and the discount between them. */
  priceCents: z.number().int().nonnegative(),
  listPriceCents: z.number().int().positive(),
  discountPct: z.number().int().min(0).max(100),
  preSale: z.boolean(),
  gift: z.boolean(),
  colors: z.array(ProductColorSchema).min(1),
  skus: z.array(ProductSkuSchema).min(1),
});

export type ProductColor = z.infer<typeof ProductColorSchema>;
export type ProductSku = z.infer<typeof ProductSkuSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** Product slugs as they appear in `/<slug>/p`. */
export const ProductSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Produto inválido.')
  .max(160, 'Produto inválido.');
