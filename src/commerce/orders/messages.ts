import { BAG_CHANGED_PROBLEM } from '../../contracts/checkout';
import { PAYMENT_MESSAGES } from '../payments/payment-messages';
import { PROMOTION_MESSAGES } from '../../lib/messages/promotions';
import { COMMON_MESSAGES } from '../../lib/messages/common';
import { CART_MESSAGES } from '../../lib/messages/cart';

/** What finish-order and the payment calls tell the shopper (pt-BR). */
export const ORDER_MESSAGES = {
  ...PAYMENT_MESSAGES,
  guest: 'Informe nome, e-mail e CPF para continuar.',
  store: 'Loja inválida para a entrega escolhida.',
  address: 'Informe o endereço de entrega.',
  addressNotFound: 'Endereço não encontrado.',
  shipping: 'A opção de frete escolhida não está mais disponível. Calcule o frete novamente.',
  stockTitle: COMMON_MESSAGES.attention,
  stock: CART_MESSAGES.stock,
  couponMethod: 'O pagamento com cupom só vale para pedidos sem valor a pagar.',
  zeroTotal: 'Este pedido não tem valor a pagar: finalize com o cupom.',
  installments: 'Número de parcelas inválido para este valor.',
  closed: 'Esta sacola já virou um pedido.',
  bagChangedTitle: BAG_CHANGED_PROBLEM.title,
  bagChanged: BAG_CHANGED_PROBLEM.message,
  paypalAmount: 'O valor da sacola mudou. Refaça o pagamento com o PayPal.',
  paypalMissing: 'Pagamento PayPal não encontrado ou já utilizado.',
  couponTitle: PROMOTION_MESSAGES.couponTitle,
  coupon: PROMOTION_MESSAGES.couponInvalid,
  cashbackTitle: PROMOTION_MESSAGES.cashbackTitle,
  cashback: PROMOTION_MESSAGES.cashbackInvalid,
} as const;
