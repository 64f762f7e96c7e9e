/** Texts of looking up an order or its payment, the same for the shopper, the back office and the payment returns. */
export const ORDER_LOOKUP_MESSAGES = {
  orderNotFound: 'Pedido não encontrado.',
  paymentNotFound: 'Pagamento não encontrado.',
} as const;
