import { z } from 'zod';
import { CEP_DIGITS } from '../lib/customer/cep';
import { CART_MESSAGES } from '../lib/messages/cart';

/** Hard ceiling for any configured limit (also a CHECK in D1). */
export const AMOUNT_CEILING = 999;

const CartIdSchema = z.string({ error: 'Sacola inválida.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'Sacola inválida.');
const Amount = z
  .number({ error: 'Quantidade inválida.' })
  .int('Quantidade inválida.')
  .min(1, 'Quantidade inválida.')
  .max(AMOUNT_CEILING, CART_MESSAGES.limit);
const ItemId = z
  .number({ error: 'Produto inválido.' })
  .int('Produto inválido.')
  .positive('Produto inválido.')
  .max(2 ** 31);

/** POST /api/cart (spec §7). */
export const AddToCartSchema = z.object({
  productItemId: ItemId,
  amount: Amount.default(1),
  gift: z.boolean().default(false),
  cartId: CartIdSchema.nullish(),
  giftCoupon: z.string().max(40).nullish(),
  insertedLink: z.string().max(500).nullish(),
});
export type AddToCart = z.infer<typeof AddToCartSchema>;

/** PUT /api/cart: set an item's amount. */
export const UpdateCartItemSchema = z.object({ itemId: ItemId, amount: Amount, cartId: CartIdSchema });
/** DELETE /api/cart (body). */
export const RemoveCartItemSchema = z.object({ itemId: ItemId, cartId: CartIdSchema });
/** PATCH /api/cart: the customer's e-mail on the cart (only a real one, never a masked `*` one). */
export const PatchCartSchema = z.object({
  email: z
    .email('E-mail inválido.')
    .max(200)
    .refine((e) => !e.includes('*'), 'E-mail inválido.'),
  cartId: CartIdSchema,
});

/** GET /api/cart?installment=&shipping=&reprocess=[&paymentMethodId=]&cartId= */
export const GetCartQuerySchema = z.object({
  cartId: CartIdSchema,
  installment: z.coerce.number().int().min(1).max(12).catch(1).default(1),
  shipping: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  reprocess: z
    .enum(['true', 'false'])
    .catch('false')
    .default('false')
    .transform((v) => v === 'true'),
  paymentMethodId: z.coerce.number().int().optional().catch(undefined),
});

export { CartIdSchema };

export interface CartItem {
  id_item_cart: number;
  cartItemId: number;
  id_item_product: number;
  amount: number;
  /** Unit list price in cents. */
  original_price: number;
  /** Unit price actually charged, in cents (0 for gifts). */
  price: number;
  preSale: boolean;
  product: {
    name: string;
    slug: string;
    description: string;
    details: string;
    items: { photos: { photo: string }[] }[];
    attributes: { name: string; price: number }[];
    gift: boolean;
    gift_coupon: string | null;
    color: string;
    size: string;
  };
}

/** The cart as every cart call answers it (amounts in integer cents). */
export interface Cart {
  hash: string;
  cartId: string;
  items: CartItem[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  totalAmount: number;
  cashback_value: number;
  cashback_evaluate: boolean;
  freeNormalShipping: boolean;
  freeExpressShipping: boolean;
  modal_gift: { title: string; message: string } | null;
  hasPreSale: boolean;
  /** Units in the cart (header badge). */
  count: number;
  /** The applied coupon and its discount (cents); null when none applies. */
  coupon: AppliedCoupon | null;
  /** The applied seller code, the seller's name and its discount (cents). */
  seller: AppliedSeller | null;
  /** The signed-in customer's available cashback (cents); null for a visitor. */
  cashback_balance: number | null;
  /** The validated shipping choice per store (prices from the server's quote, before free-shipping flags). */
  shippingSelection: ShippingSelection[];
  /** The CEP this cart was last quoted for (8 digits), which the cart page shows and quotes again; null when none. */
  shippingZip: string | null;
}

export interface AppliedCoupon {
  code: string;
  discount: number;
  /** Where the free-shipping flags came from (the coupon cookies). */
  freeNormalShipping: boolean;
  freeExpressShipping: boolean;
}

export interface AppliedSeller {
  code: string;
  name: string;
  discount: number;
  freeNormalShipping: boolean;
  freeExpressShipping: boolean;
}

export interface ShippingSelection {
  store: string;
  selectedOption: {
    type: 'normal' | 'expressa' | 'pickup';
    carrier: string;
    carrierId: number;
    price: number;
    deadline: number;
  };
}

export const CartSchema: z.ZodType<Cart> = z.object({
  hash: z.string(),
  cartId: z.string(),
  items: z.array(
    z.object({
      id_item_cart: z.number().int(),
      cartItemId: z.number().int(),
      id_item_product: z.number().int(),
      amount: z.number().int(),
      original_price: z.number().int(),
      price: z.number().int(),
      preSale: z.boolean(),
      product: z.object({
        name: z.string(),
        slug: z.string(),
        description: z.string(),
        details: z.string(),
        items: z.array(z.object({ photos: z.array(z.object({ photo: z.string() })) })),
        attributes: z.array(z.object({ name: z.string(), price: z.number() })),
        gift: z.boolean(),
        gift_coupon: z.string().nullable(),
        color: z.string(),
        size: z.string(),
      }),
    }),
  ),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  totalAmount: z.number().int(),
  cashback_value: z.number().int(),
  cashback_evaluate: z.boolean(),
  freeNormalShipping: z.boolean(),
  freeExpressShipping: z.boolean(),
  modal_gift: z.object({ title: z.string(), message: z.string() }).nullable(),
  hasPreSale: z.boolean(),
  count: z.number().int(),
  coupon: z
    .object({
      code: z.string(),
      discount: z.number().int(),
      freeNormalShipping: z.boolean(),
      freeExpressShipping: z.boolean(),
    })
    .nullable(),
  seller: z
    .object({
      code: z.string(),
      name: z.string(),
      discount: z.number().int(),
      freeNormalShipping: z.boolean(),
      freeExpressShipping: z.boolean(),
    })
    .nullable(),
  cashback_balance: z.number().int().nullable(),
  shippingSelection: z.array(
    z.object({
      store: z.string(),
      selectedOption: z.object({
        type: z.enum(['normal', 'expressa', 'pickup']),
        carrier: z.string(),
        carrierId: z.number().int(),
        price: z.number().int(),
        deadline: z.number().int(),
      }),
    }),
  ),
  // An upstream that keeps no CEP for the cart (or answers without the field) remembers none.
  shippingZip: z.string().regex(CEP_DIGITS).nullable().catch(null),
});
