/** Texts of the cart and its shipping quote (spec §8), shown by the worker, the no-JS pages and the islands alike. */
export const CART_MESSAGES = {
  notFound: 'Sacola não encontrada.',
  empty: 'Sua sacola está vazia.',
  itemNotFound: 'Item não encontrado na sacola.',
  stock: 'O estoque desse produto esgotou!',
  limit: 'Limite de itens deste produto foi atingido!',
  /** The product page's tooltip after an add (spec §9). */
  added: 'Produto adicionado à sacola',
  /** The app's toast after an add on its home screen (spec §4). */
  addedToast: 'Adicionado à sacola!',
  noShipping: 'Não encontramos um frete para o endereço informado.',
  shippingFailed: 'Não foi possível calcular o frete agora. Tente novamente.',
  shippingInvalid: 'Não foi possível confirmar o frete escolhido. Calcule novamente.',
  shippingPackages: 'Sua sacola sai em mais de um pacote: escolha a entrega de cada um.',
} as const;
