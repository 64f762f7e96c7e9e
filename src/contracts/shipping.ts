import { z } from 'zod';
import { CEP_DIGITS, normalizeCep } from '../lib/customer/cep';
import { ADDRESS_MESSAGES, isCep } from '../lib/customer/address';
import { parseAmountToCents } from '../lib/format/money';

/**
 * `GET /api/omnichannel` (spec §7). Two request forms:
 * - product page: `zip_code`, `sku`, `shopping_cart_hash` (optional);
 * - side cart: `zip_code`, `total_sale`, `shopping_cart_hash` (optional);
 * - checkout stock check: `cart` and `zip_code` (the cart itself is quoted).
 * `zip_code` is normalised to its digits and must have 8 (spec §5). `total_sale` is cents (`19990`) or
 * reais with a decimal comma or point (`199,90`, `1.299,90`, `199.90`).
 */
export const OmnichannelQuerySchema = z
  .object({
    zip_code: z
      .string({ error: 'Informe o CEP.' })
      .trim()
      // Empty is "informe"; anything else without its 8 digits (letters, other scripts' digits) is "inválido".
      .min(1, 'Informe o CEP.')
      .transform(normalizeCep)
      .pipe(z.string().regex(CEP_DIGITS, 'CEP inválido. Informe os 8 dígitos do CEP.'))
      // Eight digits in no Correios range (00000-000): the address rule's message, not "no shipping found".
      .refine(isCep, ADDRESS_MESSAGES.cepUnknown),
    sku: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,47}$/, 'Produto inválido para o cálculo do frete.')
      .optional(),
    total_sale: z
      .string()
      .transform((v, ctx) => {
        const cents = parseAmountToCents(v);
        if (cents === null)
          ctx.addIssue({ code: 'custom', message: 'Valor da compra inválido para o cálculo do frete.' });
        return cents ?? 0;
      })
      .optional(),
    shopping_cart_hash: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,64}$/, 'Sacola inválida.')
      .optional(),
    /** The checkout's stock check (spec §7: `cart` and `zip_code`): the cart's id. */
    cart: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,64}$/, 'Sacola inválida.')
      .optional(),
  })
  .refine((q) => q.sku !== undefined || q.total_sale !== undefined || !!q.cart || !!q.shopping_cart_hash, {
    message: 'Informe o produto (sku), a sacola (cart) ou o valor da compra (total_sale).',
  });
export type OmnichannelQuery = z.infer<typeof OmnichannelQuerySchema>;

export const DELIVERY_TYPES = ['normal', 'expressa', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DeliveryOptionSchema = z.object({
  type: z.enum(DELIVERY_TYPES),
  /** Who delivers (`Correios PAC`, `Loggi`) or, for pickup, `Retirada na loja`. */
  carrier: z.string().min(1),
  carrierId: z.number().int().nonnegative(),
  /** Integer cents; 0 is free. */
  price: z.number().int().nonnegative(),
  /** Business days until delivery, or until the order is ready for pickup. */
  deadline: z.number().int().nonnegative(),
  /** Pickup only: the store the shopper goes to. */
  store: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string() }).optional(),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

/**
 * Spec §3 shipping option: per store key a delivery list. `fabrica` (the factory) lists the home
 * deliveries (`normal`, `expressa`); each physical store with stock of the SKU lists its `pickup`.
 * Keys come ordered: `fabrica` first, then stores in the shopper's state, then the rest.
 * No option at all → HTTP 422 `{ title: 'Atenção!', error: 'Não encontramos um frete para o endereço informado.' }`.
 */
export const OmnichannelResponseSchema = z.record(z.string().min(1), z.array(DeliveryOptionSchema));
export type OmnichannelResponse = z.infer<typeof OmnichannelResponseSchema>;

export { FACTORY_STORE, NO_SHIPPING } from '../lib/cart/omnichannel';
