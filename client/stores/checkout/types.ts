import type { Cart } from '../../../src/contracts/cart';
import type {
  BrowserDevice,
  FinishOrderResult,
  ReviewedFinishOrder,
  PaymentMethodId,
  PaymentMethodName,
} from '../../../src/contracts/checkout';
import type { DeliveryOption, OmnichannelResponse } from '../../../src/contracts/shipping';

/** The checkout model's vocabulary: its steps, state shapes, the HTTP calls it is given (`CheckoutApi`) and its deps. */
export type CardService = 'rede' | 'paypal';
export const STEPS = ['identification', 'delivery', 'payment', 'review'] as const;
export type LoadingKey = 'cart' | 'coupon' | 'sellerCoupon' | 'cashback' | 'shipping' | 'validation';

/** One package's chosen option (spec §3 "shipping information": a list, one entry per store). */
export interface ShippingInformation {
  store: string;
  selectedOption: DeliveryOption;
}

export interface PaymentState {
  paymentMethodId: PaymentMethodId;
  installmentNumber: number;
}

export interface NewAddress {
  zipCode: string;
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
}

/** Delivery address: a saved one (signed-in customer) or typed in the checkout. */
/** A saved address carries its fields too: finish-order re-quotes home delivery for its CEP. */
export type AddressChoice = { kind: 'saved'; id: number; address: NewAddress } | { kind: 'new'; address: NewAddress };

export interface CardData {
  cardNumber: string;
  securityCode: string;
  expirationMonth: string;
  expirationYear: string;
  holderName: string;
}

export type PaypalCreateAnswer =
  | {
      paypal: {
        id: string;
        links: { rel: string; href: string }[];
        transactions: { amount: { total: string; currency: string } }[];
      };
    }
  | { error: string; error_type?: string };

export interface CheckoutApi {
  cart(q: { cartId: string; installment: number; shipping: number; paymentMethodId: number }): Promise<Cart>;
  cardService(): Promise<CardService>;
  /** PATCH /api/cart: the shopper's e-mail onto the cart (spec §5, §7). */
  patchCartEmail(body: { email: string; cartId: string }): Promise<unknown>;
  omnichannel(q: { cartId: string | null; zipCode: string; totalSale: number }): Promise<OmnichannelResponse>;
  verifyStock(cartId: string): Promise<{ success: boolean; error: string | null }>;
  validateShipping(body: {
    cartId: string;
    selectedOption: DeliveryOption;
    shippingInformation: ShippingInformation[];
    zip_code: string | null;
  }): Promise<{ success: boolean }>;
  applyCoupon(coupon: string, cartId: string): Promise<Cart>;
  applySellerCode(coupon: string, cartId: string): Promise<Cart>;
  removeCoupon(which: 'discount' | 'seller', cartId: string): Promise<Cart>;
  applyCashback(cents: number, cartId: string): Promise<Cart>;
  removeCashback(cartId: string): Promise<Cart>;
  paypalCreate(body: unknown): Promise<PaypalCreateAnswer>;
  finishOrder(body: ReviewedFinishOrder): Promise<FinishOrderResult>;
}

export interface CheckoutInit {
  cart: Cart | null;
  customerId: number | null;
  /** The paying methods the store offers now, in display order (default: credit card first). */
  methods?: readonly PaymentMethodName[];
}

export interface CheckoutDeps {
  api: CheckoutApi;
  /** The cart is gone once an order exists: clear the header badge and the stored cart id. */
  onCartDeleted: () => void;
  /** Every full cart answer the checkout gets, for the shared cart store (badge, side cart). */
  onCart?: (cart: Cart) => void;
  /** A fresh idempotency key (crypto.randomUUID in the browser). */
  newKey: () => string;
  userAgent?: string;
  /** The shopper's browser for a card's 3-D Secure 2 (screen, language, time zone). */
  device?: BrowserDevice;
}

/** Spec §4: credit card is the PayPal card method when the card service is PayPal, else the rede one. */
