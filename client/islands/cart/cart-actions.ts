import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { ShippingChoice } from '../../../src/lib/cart/cart';
import { CART_ACTIONS } from '../../../src/lib/cart/cart-forms';
import { cartFailure, restrictedProducts, type CartMessage } from '../../../src/lib/cart/cart-messages';
import { ApiRequestError } from '../../api';
import type { CheckoutApi } from '../../stores/checkout';

/** One promotion call (spec §7 payload names) for a cart form, through the checkout's calls; returns the cart answer. */
export function promotionCall(
  checkoutApi: CheckoutApi,
  action: string,
  cartId: string,
  data: FormData,
): Promise<unknown> {
  const code = String(data.get('code') ?? '').trim();
  switch (action) {
    case CART_ACTIONS.coupon:
      return checkoutApi.applyCoupon(code, cartId);
    case CART_ACTIONS.seller:
      return checkoutApi.applySellerCode(code, cartId);
    case CART_ACTIONS.couponRemove:
      return checkoutApi.removeCoupon('discount', cartId);
    case CART_ACTIONS.sellerRemove:
      return checkoutApi.removeCoupon('seller', cartId);
    case CART_ACTIONS.cashback:
      return checkoutApi.applyCashback(Number(data.get('cashback')), cartId);
    case CART_ACTIONS.cashbackRemove:
      return checkoutApi.removeCashback(cartId);
    default:
      return Promise.reject(new Error(`unknown cart action ${action}`));
  }
}

/** A failed promotion call as the cart shows it (spec §8). */
export function failureNotice(action: string, error: unknown): CartMessage {
  const e = error instanceof ApiRequestError ? error : null;
  return cartFailure(action, {
    code: e?.code,
    title: e?.title,
    message: e?.message,
    products: restrictedProducts(e?.body),
  });
}

/** Side-cart quote (spec §7: zip_code, total_sale, shopping_cart_hash): the same call as the checkout's. */
export function quoteCart(
  checkoutApi: CheckoutApi,
  cep: string,
  totalSale: number,
  cartId: string | null,
): Promise<OmnichannelResponse> {
  return checkoutApi.omnichannel({ cartId, zipCode: cep, totalSale });
}

/** The chosen options go to the server before they count (spec §7 validate-shipping), as in the checkout. */
export async function validateShipping(
  checkoutApi: CheckoutApi,
  cartId: string,
  list: ShippingChoice[],
  zip: string,
): Promise<boolean> {
  if (!list[0]) return false;
  const answer = await checkoutApi.validateShipping({
    cartId,
    selectedOption: list[0].selectedOption,
    shippingInformation: list,
    zip_code: zip || null,
  });
  return answer?.success === true;
}
