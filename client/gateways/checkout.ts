import type { Cart } from '../../src/contracts/cart';
import type { FinishOrderResult, ReviewedFinishOrder, InstallmentsResponse } from '../../src/contracts/checkout';
import type { Address } from '../../src/contracts/customers';
import type { OmnichannelResponse } from '../../src/contracts/shipping';
import { api } from '../api';
import type { CardService, CheckoutApi, PaypalCreateAnswer } from '../stores/checkout';

const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => api<T>(path, { method, body });

/** The checkout's calls, with the spec's request field names (§7). */
const checkoutApi: CheckoutApi = {
  cart: ({ cartId, installment, shipping, paymentMethodId }) =>
    call<Cart>(
      'GET',
      `/api/cart?${new URLSearchParams({
        installment: String(installment),
        shipping: String(shipping),
        reprocess: 'false',
        paymentMethodId: String(paymentMethodId),
        cartId,
      })}`,
    ),
  patchCartEmail: ({ email, cartId }) => api('/api/cart', { method: 'PATCH', body: { email, cartId } }),
  cardService: async () => (await call<{ service: CardService }>('POST', '/api/credit-card-service', {})).service,
  // The cart's side cart and the checkout quote the same way (client/islands/cart/cart-actions.ts).
  omnichannel: ({ cartId, zipCode, totalSale }) =>
    call<OmnichannelResponse>(
      'GET',
      `/api/omnichannel?${new URLSearchParams({ zip_code: zipCode, total_sale: String(totalSale), ...(cartId ? { cart: cartId, shopping_cart_hash: cartId } : {}) })}`,
    ),
  verifyStock: (cartId) => call<{ success: boolean; error: string | null }>('POST', '/api/verify-stock', { cartId }),
  validateShipping: (body) => call<{ success: boolean }>('POST', '/api/cart/validate-shipping', body),
  applyCoupon: (coupon, cartId) =>
    call<Cart>('POST', '/api/coupon/discount', { coupon, shoppingCart: cartId, agent: null, applicationId: null }),
  applySellerCode: (coupon, cartId) =>
    call<Cart>('POST', '/api/coupon/seller-coupon', { coupon, shoppingCart: cartId }),
  removeCoupon: (which, cartId) =>
    call<Cart>('POST', which === 'seller' ? '/api/coupon/remove-coupon-seller' : '/api/coupon/remove-coupon-discount', {
      shoppingCart: cartId,
    }),
  applyCashback: (cashback, cartId) => call<Cart>('POST', '/api/cashback', { cashback, shoppingCart: cartId }),
  removeCashback: (cartId) => call<Cart>('POST', '/api/cashback/remove', { hash: cartId }),
  paypalCreate: (body) => call<PaypalCreateAnswer>('POST', '/api/paypal/create', body),
  finishOrder: (body: ReviewedFinishOrder) => call<FinishOrderResult>('POST', '/api/finish-order', body),
};

export type InstallmentOption = InstallmentsResponse['installments'][number];

/** A signed-in customer's saved address (GET /api/addresses). */
export type SavedAddress = Address;

/** The checkout store's calls plus the two reads its steps make on their own. */
export interface CheckoutGateway extends CheckoutApi {
  /** GET /api/installments?total= (cents): the parcels the card may be split into. */
  installments(total: number): Promise<InstallmentOption[]>;
  addresses(): Promise<SavedAddress[]>;
}

export const checkoutGateway: CheckoutGateway = {
  ...checkoutApi,
  installments: async (total) =>
    (await call<InstallmentsResponse>('GET', `/api/installments?total=${Math.max(0, Math.round(total))}`)).installments,
  addresses: async () => (await call<{ addresses: SavedAddress[] }>('GET', '/api/addresses')).addresses,
};
