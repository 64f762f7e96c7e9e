import { BOLETO_CONFIRMATION, BOLETO_DUE_BUSINESS_DAYS } from '../../lib/payments/boleto-terms';
import { businessDaysLabel } from '../../lib/format/text';
import type { ContentPage } from './content-page';

/** /pagamento: the payment methods of spec §3. */
export const PAYMENT_PAGE: ContentPage = {
  path: '/pagamento',
  title: 'Formas de pagamento',
  description:
    'Pague com cartão de crédito em até 10x (até 6x sem juros), débito, Pix, boleto, PayPal ou open finance, com checkout seguro.',
  lead: 'Pague do jeito que preferir: cartão de crédito em até 10x, sendo até 6x sem juros, cartão de débito, Pix, boleto, PayPal ou open finance.',
  sections: [
    {
      heading: 'Opções disponíveis',
      facts: [
        ['Cartão de crédito', 'Visa, Mastercard, Amex, Diners, Hipercard, Hiper e Credsystem, à vista ou parcelado.'],
        ['Pix', 'Aprovação na hora: copie o código ou leia o QR Code no app do seu banco.'],
        [
          'Boleto',
          `Pague em qualquer banco, lotérica ou app bancário até o vencimento, ${businessDaysLabel(BOLETO_DUE_BUSINESS_DAYS)} após o pedido; ${BOLETO_CONFIRMATION}.`,
        ],
        ['Cartão de débito', 'Débito à vista, com a confirmação de segurança do seu banco.'],
        ['PayPal', 'Use o saldo ou os cartões da sua conta PayPal, sem digitar os dados do cartão no site.'],
        ['Open finance', 'Pague direto da sua conta bancária, com a autorização feita no app do seu banco.'],
      ],
    },
    {
      heading: 'Parcelamento no cartão de crédito',
      list: [
        'Em até 10 parcelas, com valor mínimo de R$ 50,00 por parcela.',
        'Até 6x sem juros; de 7x a 10x, juros de 1,99% ao mês, com o valor total mostrado antes de você confirmar.',
        'As parcelas são cobradas na fatura do seu cartão, uma por mês.',
      ],
    },
    {
      heading: 'Segurança',
      paragraphs: [
        'Os dados do cartão são enviados diretamente à operadora de pagamento e nunca ficam guardados na Vitrine. Todo o site usa conexão criptografada.',
        'Algumas compras passam por uma análise de segurança antes da aprovação. Se precisarmos confirmar algum dado, entraremos em contato pelos canais oficiais: nunca pedimos senhas nem códigos recebidos por SMS.',
      ],
    },
    {
      heading: 'Cupons, cashback e código de vendedor',
      paragraphs: [
        'Na finalização da compra você pode aplicar um cupom de desconto, o código da sua vendedora (10% de desconto) e o saldo do seu cashback. Os descontos são abatidos antes do cálculo das parcelas.',
      ],
    },
    {
      heading: 'Pagamento não aprovado?',
      paragraphs: [
        'Confira os dados do cartão e o limite disponível, ou escolha outra forma de pagamento. Pedidos com Pix ou boleto não pagos até o vencimento são cancelados automaticamente, sem nenhum custo.',
      ],
    },
  ],
};
