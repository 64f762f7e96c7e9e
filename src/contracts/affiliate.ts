import { z } from 'zod';
import { CartIdSchema } from './cart';

/** Rakuten's `ranSiteID` (publisher site id): letters, digits and the few separators it uses. */
export const SiteIdSchema = z
  .string({ error: 'Parâmetro siteID inválido.' })
  .trim()
  .regex(/^[A-Za-z0-9._*~-]{1,64}$/, 'Parâmetro siteID inválido.');

/** POST /api/rakuten?siteID= (spec §7); the body may name the cart, otherwise the `cart` cookie does. */
export const RakutenBodySchema = z.object({ cartId: CartIdSchema.nullish() });

export const AffiliateResultSchema = z.object({ siteID: z.string(), recorded: z.boolean() });
export type AffiliateResult = z.infer<typeof AffiliateResultSchema>;

/** GET /api/cart/request-token?cartId=: the cart-request token outside page events must echo (spec §4). */
export const CartRequestTokenSchema = z.object({ requestToken: z.string().min(16).max(64) });
export type CartRequestToken = z.infer<typeof CartRequestTokenSchema>;
