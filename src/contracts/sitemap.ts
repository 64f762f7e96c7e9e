import { z } from 'zod';

/** What the sitemap needs from commerce: every sellable product's slug and when it last changed. */
export interface SitemapData {
  products: { slug: string; updatedAt: string }[];
}

export const SitemapResponseSchema = z.object({
  products: z.array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
      updatedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'data inválida'),
    }),
  ),
});
