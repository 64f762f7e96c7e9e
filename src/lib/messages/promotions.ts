/** Spec §5/§8 texts of the cart's promotions: coupon, seller code and cashback (the client shows the server's words). */
export const PROMOTION_MESSAGES = {
  couponTitle: 'Cupom inválido!',
  couponEmpty: 'Esse cupom está vazio!',
  couponInvalid: 'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo',
  restrictedTitle: 'Cupom Restrito!',
  restricted: 'Não é possível aplicá-lo!',
  loginRequired: 'Faça login no site para poder utilizar este cupom!',
  sellerTitle: 'Código do vendedor inválido!',
  sellerEmpty: 'Esse cupom está vazio',
  sellerInvalid: 'Código do vendedor já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
  removeFailed: 'Tivemos um problema ao remover seu cupom, tente novamente.',
  cashbackTitle: 'Cashback inválido!',
  cashbackInvalid: 'Cashback já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
  cashbackRemoveFailed: 'Tivemos um problema ao remover o cashback, tente novamente.',
  cashbackLogin: 'Faça login no site para poder utilizar seu cashback!',
  cartLogin: 'Faça login no site para continuar com a sua sacola.',
} as const;
