import { z } from 'zod';
import { CartIdSchema, CartSchema, type Cart } from './cart';
import { DELIVERY_TYPES } from './shipping';
import { COMMON_MESSAGES } from '../lib/messages/common';
import { PROMOTION_MESSAGES } from '../lib/messages/promotions';

/** A code as typed: missing, null or blank is "empty" (its own message), anything not text is invalid. */
const Code = (message: string) => z.string({ error: message }).max(200, message).nullish();
const Optional = z.string({ error: COMMON_MESSAGES.invalidData }).max(200, COMMON_MESSAGES.invalidData).nullish();

/** POST /api/coupon/discount (spec §7). */
/** The app sends its numeric application id (a number used to get a generic 400); kept as text. */
const ApplicationId = z
  .union([Optional, z.number({ error: COMMON_MESSAGES.invalidData }).int().nonnegative()])
  .transform((v) => (typeof v === 'number' ? String(v) : v));
export const ApplyCouponSchema = z.object({
  coupon: Code(PROMOTION_MESSAGES.couponInvalid),
  shoppingCart: CartIdSchema,
  agent: Optional,
  applicationId: ApplicationId,
});
/** POST /api/coupon/seller-coupon. */
export const SellerCouponSchema = z.object({
  coupon: Code(PROMOTION_MESSAGES.sellerInvalid),
  shoppingCart: CartIdSchema,
});
/** POST /api/coupon/remove-coupons, /remove-coupon-discount, /remove-coupon-seller, /reprocess. */
export const ShoppingCartSchema = z.object({ shoppingCart: CartIdSchema });

/** POST /api/cashback: `cashback` in integer cents. */
export const ApplyCashbackSchema = z.object({
  cashback: z
    .number({ error: PROMOTION_MESSAGES.cashbackInvalid })
    .int(PROMOTION_MESSAGES.cashbackInvalid)
    .min(1, PROMOTION_MESSAGES.cashbackInvalid)
    .max(100_000_000, PROMOTION_MESSAGES.cashbackInvalid),
  shoppingCart: CartIdSchema,
});
/** POST /api/cashback/remove. */
export const RemoveCashbackSchema = z.object({ hash: CartIdSchema });
/** POST /api/cashback/toEvaluate, /api/cart/progressive, /api/verify-stock. */
export const CartIdBodySchema = z.object({ cartId: CartIdSchema });
/** POST /api/cart/user: `user` is informative (the session decides who), `shoppingCart` the visitor's cart. */
export const CartUserSchema = z.object({ user: z.unknown().optional(), shoppingCart: CartIdSchema.nullish() });

const BAD_OPTION = 'Opção de frete inválida. Calcule o frete novamente.';
const Whole = z.number({ error: BAD_OPTION }).int(BAD_OPTION).nonnegative(BAD_OPTION).max(100_000_000, BAD_OPTION);
const SelectedOptionSchema = z.object(
  {
    type: z.enum(DELIVERY_TYPES, { error: BAD_OPTION }),
    carrier: z.string({ error: BAD_OPTION }).max(100, BAD_OPTION),
    carrierId: Whole,
    price: Whole,
    deadline: Whole,
    store: z.unknown().optional(),
  },
  { error: BAD_OPTION },
);
/** POST /api/cart/validate-shipping: the chosen option(s) of the omnichannel quote for the cart. */
export const ValidateShippingSchema = z.object({
  cartId: CartIdSchema,
  selectedOption: SelectedOptionSchema.nullish(),
  shippingInformation: z
    .array(
      z.object(
        {
          store: z.string({ error: BAD_OPTION }).min(1, BAD_OPTION).max(64, BAD_OPTION),
          selectedOption: SelectedOptionSchema,
        },
        { error: BAD_OPTION },
      ),
      { error: BAD_OPTION },
    )
    .max(20, BAD_OPTION)
    .nullish(),
  /** Optional: the CEP quoted; defaults to the last CEP the cart was quoted for. */
  zip_code: z.string({ error: 'CEP inválido.' }).max(12, 'CEP inválido.').nullish(),
});
export type ValidateShippingInput = z.infer<typeof ValidateShippingSchema>;

/** `POST /api/coupon/discount` answer: the cart, with the spec's `cantApply` and `error` (null on success). */
export type CouponResult = Cart & { cantApply: null; error: null };
export const CouponResultSchema: z.ZodType<CouponResult> = z.intersection(
  CartSchema,
  z.object({ cantApply: z.null(), error: z.null() }),
);

/** Restricted coupon failure body (HTTP 422): `cantApply.products` names the products that prevent it. */
export const CantApplySchema = z.object({ status: z.literal(true), products: z.array(z.string()) });

export const ShippingValidationSchema = z.object({ success: z.boolean() });
export const StockCheckSchema = z.object({ success: z.boolean(), error: z.string().nullable() });

/** The four free-shipping cookies (spec §3), `true`/`false` text, readable by the client. */
export const FREE_SHIPPING_COOKIES = [
  'free_normal_shipping_coupon',
  'free_express_shipping_coupon',
  'free_normal_shipping_seller',
  'free_express_shipping_seller',
] as const;
