import { BOLETO_CONFIRMATION_WITHIN } from '../../lib/payments/boleto-terms';
import type { ContentPage } from './content-page';

/** /entregas: shipping options, deadlines, tracking and delivery attempts. */
export const DELIVERY_PAGE: ContentPage = {
  path: '/entregas',
  title: 'Entregas e prazos',
  description:
    'Frete normal, expresso ou retirada em loja para todo o Brasil. Veja prazos, rastreio e frete expresso grátis acima de R$ 499.',
  lead: 'Entregamos em todo o Brasil com frete normal, expresso ou retirada em loja. Nas compras acima de R$ 499, o frete expresso é por nossa conta.',
  sections: [
    {
      heading: 'Modalidades de entrega',
      facts: [
        ['Normal', 'A opção mais econômica. O prazo, em dias úteis, aparece na sacola para o seu CEP.'],
        ['Expressa', 'Chega mais rápido, pelas transportadoras parceiras. Grátis em compras acima de R$ 499.'],
        [
          'Retirada em loja',
          'Escolha uma loja participante e retire sem pagar frete, em até 7 dias depois do aviso de pedido pronto.',
        ],
        ['Fábrica', 'Alguns produtos saem direto da nossa fábrica; o prazo desse pacote aparece separado na sacola.'],
      ],
    },
    {
      heading: 'Como calcular o frete e o prazo',
      paragraphs: [
        'Informe o seu CEP na sacola ou na página do produto para ver as opções, os preços e os prazos disponíveis para o seu endereço.',
        `O prazo é contado em dias úteis a partir da confirmação do pagamento: na hora para Pix e cartão, e em ${BOLETO_CONFIRMATION_WITHIN} para o boleto. Pedidos com itens em pré-venda são enviados quando todos os itens estiverem disponíveis, na data informada na página do produto.`,
        'Cupons e códigos de vendedor podem liberar frete grátis: o desconto aparece na hora, já na escolha da entrega.',
      ],
    },
    {
      heading: 'Acompanhe o seu pedido',
      paragraphs: [
        'Assim que o pedido é despachado, você recebe o código de rastreio por e-mail. Ele também fica disponível em Minha conta, na área Meus pedidos.',
      ],
    },
    {
      heading: 'Tentativas de entrega e endereço',
      list: [
        'A transportadora faz até 3 tentativas de entrega no endereço informado, em dias úteis e horário comercial.',
        'Qualquer pessoa maior de idade no endereço pode receber, apresentando um documento com foto.',
        'Se as tentativas não derem certo, o pedido volta para nós e entramos em contato para combinar um novo envio ou o reembolso.',
        'Confira o endereço antes de finalizar: depois do envio, ele não pode mais ser alterado.',
      ],
    },
    {
      heading: 'Recebeu algo errado ou com defeito?',
      paragraphs: [
        'Recuse a entrega se a embalagem estiver violada. Se o problema aparecer depois, fale com a gente em até 7 dias pelos canais oficiais: a troca ou o reembolso de um produto com defeito não têm custo para você.',
      ],
    },
  ],
  cta: { href: '/minha-conta/pedidos', label: 'Acompanhar meus pedidos' },
};
