import type { ContentPage } from './content-page';

/** /cashback: how the 10% cashback works. */
export const CASHBACK_PAGE: ContentPage = {
  path: '/cashback',
  title: 'Cashback de 10%',
  description:
    'Ganhe 10% de cashback em todas as compras na Vitrine e use o saldo como desconto na próxima. Veja como funciona e onde consultar.',
  lead: 'Ganhe 10% de cashback em todas as compras e use o saldo como desconto na próxima compra, no site ou no app.',
  sections: [
    {
      heading: 'Como funciona',
      list: [
        'Compre normalmente, com a sua conta: 10% do valor pago pelos produtos volta para você como cashback.',
        'O saldo é liberado depois que o pedido é entregue e o prazo de desistência termina.',
        'Na próxima compra, aplique o cashback na finalização e veja o desconto na hora.',
      ],
    },
    {
      heading: 'Regras',
      list: [
        'O cashback é calculado sobre o valor dos produtos, sem o frete e depois dos descontos.',
        'Cada crédito tem validade, mostrada no seu extrato; créditos vencidos não podem ser usados.',
        'Se um pedido for cancelado ou devolvido, o cashback dele também é cancelado.',
        'O saldo não pode ser trocado por dinheiro nem transferido para outra pessoa.',
      ],
    },
    {
      heading: 'Onde consultar o seu saldo',
      paragraphs: [
        'Em Minha conta, na área Meu cashback, você vê o saldo disponível, o extrato e a validade de cada crédito.',
      ],
    },
  ],
  cta: { href: '/minha-conta/cashback', label: 'Ver meu cashback' },
};

/** /cadastro: the sign-up page's copy. */
export const SIGN_UP_PAGE: ContentPage = {
  path: '/cadastro',
  title: 'Crie sua conta',
  description:
    'Crie sua conta na Vitrine para acompanhar pedidos, salvar favoritos, usar seu cashback de 10% e comprar mais rápido.',
  lead: 'Crie sua conta para acompanhar pedidos, salvar favoritos, usar seu cashback e comprar mais rápido.',
};
