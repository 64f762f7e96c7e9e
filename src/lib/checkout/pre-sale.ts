/** What an order with a pre-sale item says about its delivery (the order page and "Minha conta"). */
export const PRE_SALE_DELIVERY =
  'Pré-venda: o envio acontece quando a peça chega ao nosso estoque, e o prazo de entrega conta a partir daí.';
