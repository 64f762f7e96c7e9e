import { CART_ACTIONS } from './cart-forms';

/** Spec §5/§8 texts of the cart, shared by the JavaScript cart and the no-JS form routes. */
export const CART_TEXT = {
  couponEmpty: { tone: 'error', title: 'Cupom inválido!', message: 'Esse cupom está vazio!' },
  sellerEmpty: { tone: 'error', title: 'Código do vendedor inválido!', message: 'Esse cupom está vazio' },
  couponTitle: 'Cupom inválido!',
  sellerTitle: 'Código do vendedor inválido!',
  cashbackTitle: 'Cashback inválido!',
  couponRemoveFailed: 'Tivemos um problema ao remover seu cupom, tente novamente.',
  cashbackRemoveFailed: 'Tivemos um problema ao remover o cashback, tente novamente.',
  restricted: { title: 'Cupom Restrito!', message: 'Não é possível aplicá-lo!' },
  cepIncomplete: 'Informe um CEP válido, com 8 dígitos.',
  shippingInvalid: 'Não foi possível confirmar o frete escolhido. Calcule novamente.',
  shippingPackages: 'Sua sacola sai em mais de um pacote: escolha a entrega de cada um.',
  added: 'Produto adicionado à sacola',
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

/** The message a failed cart form shows: the server's words under the catalogue's title (spec §8). */
export function cartFailure(action: string, failure: Failure): CartMessage {
  const message = failure.message || CONNECTION_FAILED;
  if (failure.products) {
    return {
      tone: 'error',
      title: CART_TEXT.restricted.title,
      message: failure.message || CART_TEXT.restricted.message,
      products: failure.products,
    };
  }
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
