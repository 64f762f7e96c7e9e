import type { ContentPage } from './content-page';

/** /perguntas-frequentes: questions and answers (also as FAQ JSON-LD). */
export const FAQ_PAGE: ContentPage = {
  path: '/perguntas-frequentes',
  title: 'Perguntas frequentes',
  description:
    'Tire dúvidas sobre pedidos, entregas, trocas e devoluções, formas de pagamento, cupons e cashback na loja online da Vitrine.',
  lead: 'Reunimos as dúvidas mais comuns sobre pedidos, entregas, trocas, pagamento e cashback. Não encontrou a resposta? Fale com a gente pelos canais oficiais.',
  sections: [
    {
      heading: 'Pedidos e entregas',
      faq: [
        [
          'Qual é o prazo de entrega?',
          'O prazo depende do seu CEP e da modalidade escolhida (normal, expressa ou retirada em loja). Ele aparece na sacola antes de você finalizar a compra e começa a contar depois da confirmação do pagamento.',
        ],
        [
          'O frete é grátis?',
          'O frete expresso é grátis em compras acima de R$ 499. Cupons e códigos de vendedor também podem liberar frete grátis.',
        ],
        [
          'Como acompanho o meu pedido?',
          'Em Minha conta, na área Meus pedidos, você vê o status e o código de rastreio assim que o pedido é despachado.',
        ],
        [
          'Posso mudar o endereço depois de comprar?',
          'Enquanto o pedido não foi despachado, fale com a gente pelos canais oficiais que tentamos alterar. Depois do envio, o endereço não pode mais ser mudado.',
        ],
      ],
    },
    {
      heading: 'Trocas e devoluções',
      faq: [
        [
          'Posso trocar um produto?',
          'Sim. Você tem até 30 dias após o recebimento para solicitar a troca em Minha conta, na área Trocas e devoluções. A primeira troca de cada pedido é gratuita.',
        ],
        [
          'Posso desistir da compra?',
          'Pode. Em até 7 dias após o recebimento você pode devolver o pedido sem precisar explicar o motivo, e o valor é estornado pela mesma forma de pagamento.',
        ],
        [
          'Biquínis e maiôs podem ser trocados?',
          'Podem, desde que estejam sem uso, com o forro higiênico e a etiqueta originais.',
        ],
      ],
    },
    {
      heading: 'Pagamento, cupons e cashback',
      faq: [
        [
          'Quais formas de pagamento vocês aceitam?',
          'Cartão de crédito em até 10x (até 6x sem juros, parcela mínima de R$ 50,00), cartão de débito, Pix, boleto, PayPal e open finance.',
        ],
        [
          'Como funciona o cashback?',
          'Você ganha 10% do valor de todas as compras em cashback e usa o saldo como desconto na próxima compra.',
        ],
        [
          'O que é o código de vendedor?',
          'É o cupom da sua vendedora: aplicado na finalização da compra, dá 10% de desconto e registra o atendimento dela.',
        ],
        [
          'Por que o meu cupom não foi aceito?',
          'Alguns cupons têm regras, como produtos participantes, valor mínimo ou login obrigatório. A mensagem na tela explica o motivo.',
        ],
      ],
    },
    {
      heading: 'Conta e segurança',
      faq: [
        [
          'Preciso ter conta para comprar?',
          'Você pode montar a sacola sem conta; para finalizar, pedimos um cadastro rápido, que também guarda seus pedidos, favoritos e cashback.',
        ],
        [
          'Recebi uma mensagem oferecendo produtos da Vitrine. É confiável?',
          'Só confie nos canais oficiais listados no rodapé e na página Compre pelo WhatsApp. Nunca pedimos senhas, códigos por SMS ou pagamentos fora do site.',
        ],
      ],
    },
  ],
  extra: 'faq-json-ld',
};
