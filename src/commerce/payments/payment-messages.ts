import { CART_MESSAGES } from '../../lib/messages/cart';

/** What the payment calls tell the shopper (pt-BR); finish-order's ORDER_MESSAGES include them. */
export const PAYMENT_MESSAGES = {
  cartNotFound: CART_MESSAGES.notFound,
  emptyCart: CART_MESSAGES.empty,
  session: 'Sua sessão expirou. Faça login novamente.',
  methodUnavailable: 'Esta forma de pagamento não está disponível no momento. Escolha outra forma de pagamento.',
  providerDown:
    'Não conseguimos falar com o meio de pagamento. Nenhum valor foi cobrado: tente novamente em instantes.',
  declinedTitle: 'Pagamento não aprovado',
  providerRefused:
    'O meio de pagamento recusou os dados deste pagamento. Nenhum valor foi cobrado: confira seu nome, CPF e endereço ou escolha outra forma de pagamento.',
} as const;
