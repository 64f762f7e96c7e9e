import { CART_ACTIONS } from './cart-forms';
import { CART_MESSAGES } from '../messages/cart';
import { PROMOTION_MESSAGES as P } from '../messages/promotions';

/** The cart's notices (spec §5/§8) from the catalogues, shared by the JavaScript cart and the no-JS form routes. */
export const CART_TEXT = {
  couponEmpty: { tone: 'error', title: P.couponTitle, message: P.couponEmpty },
  sellerEmpty: { tone: 'error', title: P.sellerTitle, message: P.sellerEmpty },
  couponTitle: P.couponTitle,
  sellerTitle: P.sellerTitle,
  cashbackTitle: P.cashbackTitle,
  couponRemoveFailed: P.removeFailed,
  cashbackRemoveFailed: P.cashbackRemoveFailed,
  restricted: { title: P.restrictedTitle, message: P.restricted },
  cepIncomplete: 'Informe um CEP válido, com 8 dígitos.',
  shippingInvalid: CART_MESSAGES.shippingInvalid,
  shippingPackages: CART_MESSAGES.shippingPackages,
  added: CART_MESSAGES.added,
} as const;

export const LOGIN_REQUIRED = 'LOGIN_REQUIRED';

/** A failure with no words of its own (the request never got an answer): pt-BR, never 'Network Error'. */
export const CONNECTION_FAILED = 'Sem conexão com a loja. Verifique sua internet e tente novamente.';

export interface CartMessage {
  tone: 'error' | 'success' | 'info';
  title?: string;
  message: string;
  /** Restricted coupon: the products that block it (spec §8). */
  products?: string[];
}

/** What a failed call said: the server's code, title and text, and a restricted coupon's products. */
export interface Failure {
  code?: string;
  title?: string;
  message?: string;
  products?: string[] | null;
}

/** A restricted coupon's blocking products, read from a failure body's `cantApply` (spec §8); null for any other failure. */
export function restrictedProducts(body: unknown): string[] | null {
  const cantApply = (body as { cantApply?: { status?: boolean; products?: string[] } } | null | undefined)?.cantApply;
  return cantApply?.status ? (cantApply.products ?? []) : null;
}

/** The restricted-coupon notice (spec §8): 'Cupom Restrito!', the products that block it and the server's text. */
export function restrictedNotice(products: string[], message?: string): CartMessage {
  return {
    tone: 'error',
    title: CART_TEXT.restricted.title,
    message: message || CART_TEXT.restricted.message,
    products,
  };
}

/** The message a failed cart form shows: the server's words under the catalogue's title (spec §8). */
export function cartFailure(action: string, failure: Failure): CartMessage {
  const message = failure.message || CONNECTION_FAILED;
  if (failure.products) return restrictedNotice(failure.products, failure.message);
  switch (action) {
    case CART_ACTIONS.coupon:
      return {
        tone: 'error',
        title: failure.title ?? (failure.code === LOGIN_REQUIRED ? undefined : CART_TEXT.couponTitle),
        message,
      };
    case CART_ACTIONS.seller:
      return { tone: 'error', title: failure.title ?? CART_TEXT.sellerTitle, message };
    case CART_ACTIONS.couponRemove:
    case CART_ACTIONS.sellerRemove:
      return { tone: 'error', title: CART_TEXT.couponTitle, message: CART_TEXT.couponRemoveFailed };
    case CART_ACTIONS.cashback:
      return { tone: 'error', title: failure.title ?? CART_TEXT.cashbackTitle, message };
    case CART_ACTIONS.cashbackRemove:
      return { tone: 'error', message: CART_TEXT.cashbackRemoveFailed };
    default:
      return failure.title ? { tone: 'error', title: failure.title, message } : { tone: 'error', message };
  }
}
