/** Texts of the store's products, the same for the product page, the cart, favorites and the back office. */
export const PRODUCT_MESSAGES = {
  notFound: 'Produto não encontrado.',
} as const;
