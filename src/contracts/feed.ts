import { z } from 'zod';

/**
 * `GET /api/feed/items?after=&limit=` — one page of sellable variants (SKUs of products that are not gifts) in
 * `productItemId` order, for the Google Merchant Center feed; `next` is the cursor of the following page (null at the
 * end). Money in integer cents, as everywhere (ADR 0005).
 */
const BAD_PAGE = 'Página do feed inválida.';
const count = (min: number, max: number) =>
  z.coerce.number({ error: BAD_PAGE }).int(BAD_PAGE).min(min, BAD_PAGE).max(max, BAD_PAGE);

export const FeedQuerySchema = z.object({
  after: count(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: count(1, 1000).default(500),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

export const FeedShippingSchema = z.object({
  /** The carrier service as the checkout names it (`Correios PAC`). */
  service: z.string().min(1),
  priceCents: z.number().int().nonnegative(),
});

export const FeedItemSchema = z.object({
  productItemId: z.number().int().positive(),
  sku: z.string().min(1),
  productId: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  description: z.string(),
  departmentSlug: z.string().min(1),
  /** Category path as the breadcrumb reads it (`Moda Praia > Biquínis`). */
  category: z.string(),
  colorSlug: z.string().min(1),
  colorName: z.string().min(1),
  size: z.string().min(1),
  /** What the shopper pays (the sale price when there is one) and the list price (equal when not on sale). */
  priceCents: z.number().int().nonnegative(),
  listPriceCents: z.number().int().positive(),
  /** Stock above zero in at least one store (the product page's rule). */
  available: z.boolean(),
  /** As stored; published only when valid (lib/gtin). */
  gtin: z.string().nullable(),
  /** The colour's main photo file (`lib/images` makes its URLs), null when it has none. */
  photo: z.string().nullable(),
  /** Home delivery to the default region (shipping/quote, the checkout's quote), cheapest first. */
  shipping: z.array(FeedShippingSchema),
});
export type FeedItem = z.infer<typeof FeedItemSchema>;

export const FeedPageSchema = z.object({
  items: z.array(FeedItemSchema),
  next: z.number().int().positive().nullable(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;
