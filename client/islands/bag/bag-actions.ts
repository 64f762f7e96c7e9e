import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { ShippingChoice } from '../../../src/lib/bag';
import { BAG_ACTIONS } from '../../../src/lib/bag-forms';
import { bagFailure, type BagMessage } from '../../../src/lib/bag-messages';
import { api, ApiRequestError } from '../../api';

/** One promotion call (spec §7 payload names) for a bag form; returns the cart answer. */
export function promotionCall(action: string, cartId: string, data: FormData): Promise<unknown> {
  const code = String(data.get('code') ?? '').trim();
  switch (action) {
    case BAG_ACTIONS.coupon:
      return api('/api/coupon/discount', { method: 'POST', body: { coupon: code, shoppingCart: cartId, agent: null, applicationId: null } });
    case BAG_ACTIONS.seller:
      return api('/api/coupon/seller-coupon', { method: 'POST', body: { coupon: code, shoppingCart: cartId } });
    case BAG_ACTIONS.couponRemove:
      return api('/api/coupon/remove-coupon-discount', { method: 'POST', body: { shoppingCart: cartId } });
    case BAG_ACTIONS.sellerRemove:
      return api('/api/coupon/remove-coupon-seller', { method: 'POST', body: { shoppingCart: cartId } });
    case BAG_ACTIONS.cashback:
      return api('/api/cashback', { method: 'POST', body: { cashback: Number(data.get('cashback')), shoppingCart: cartId } });
    case BAG_ACTIONS.cashbackRemove:
      return api('/api/cashback/remove', { method: 'POST', body: { hash: cartId } });
    default:
      return Promise.reject(new Error(`unknown bag action ${action}`));
  }
}

/** A failed promotion call as the bag shows it (spec §8). */
export function failureNotice(action: string, error: unknown): BagMessage {
  const e = error instanceof ApiRequestError ? error : null;
  const cantApply = (e?.body as { cantApply?: { status?: boolean; products?: string[] } } | undefined)?.cantApply;
  return bagFailure(action, { code: e?.code, title: e?.title, message: e?.message, products: cantApply?.status ? (cantApply.products ?? []) : null });
}

/** Side-cart quote (spec §7: zip_code, total_sale, shopping_cart_hash). */
export function quoteCart(cep: string, totalSale: number, cartId: string | null): Promise<OmnichannelResponse> {
  return api<OmnichannelResponse>('/api/omnichannel', {
    query: { zip_code: cep, total_sale: totalSale, shopping_cart_hash: cartId },
  });
}

/** The chosen options go to the server before they count (spec §7 validate-shipping). */
export async function validateShipping(cartId: string, list: ShippingChoice[], zip: string): Promise<boolean> {
  const answer = await api<{ success?: boolean }>('/api/cart/validate-shipping', {
    method: 'POST',
    body: { cartId, selectedOption: list[0]?.selectedOption ?? null, shippingInformation: list, zip_code: zip || null },
  });
  return answer?.success === true;
}
