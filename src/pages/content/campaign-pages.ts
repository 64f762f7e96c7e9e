import type { ContentPage } from './content-page';

/** /whts-lojas: buying through a store's WhatsApp. */
export const WHATSAPP_PAGE: ContentPage = {
  path: '/whts-lojas',
  title: 'Compre pelo WhatsApp',
  description:
    'Fale com uma vendedora da Vitrine pelo WhatsApp: escolha a sua loja e tenha ajuda com tamanhos, combinações e o seu pedido.',
  lead: 'Escolha uma loja e fale com uma vendedora pelo WhatsApp: ela ajuda com tamanhos, combinações e o pedido, com as mesmas ofertas do site.',
  sections: [
    {
      heading: 'Como funciona',
      list: [
        'Toque em Conversar no WhatsApp da loja que preferir, ou fale com a nossa central.',
        'Conte o que você procura: a vendedora envia fotos, medidas e sugestões de looks.',
        'Ela monta a sua sacola e envia o link para você pagar com segurança no site.',
      ],
    },
    {
      heading: 'Cuidado com perfis falsos',
      paragraphs: [
        'A Vitrine só atende pelos números desta página e pelos canais oficiais do rodapé. Nunca pedimos senhas, códigos recebidos por SMS ou pagamentos fora do site.',
      ],
    },
  ],
  extra: 'whatsapp-stores',
};

/** /pre-livefriday: the Live Friday sign-up. */
export const LIVE_FRIDAY_PAGE: ContentPage = {
  path: '/pre-livefriday',
  title: 'Pré-Live Friday',
  description:
    'Cadastre-se na Pré-Live Friday da Vitrine e receba antes de todo mundo o acesso às maiores ofertas do ano em moda praia e fitness.',
  lead: 'As melhores ofertas do ano estão chegando. Cadastre-se para receber o acesso antecipado às lives e aos descontos da Live Friday.',
  sections: [
    {
      heading: 'Por que se cadastrar',
      list: [
        'Acesso antecipado às ofertas, antes da abertura para todo mundo.',
        'Aviso das lives de lançamento com as nossas vendedoras.',
        'Cupons exclusivos para quem tem o app da Vitrine.',
      ],
    },
    {
      heading: 'Regras da campanha',
      list: [
        'Os avisos são enviados apenas para quem se cadastrar e autorizar o contato.',
        'Ofertas válidas enquanto durarem os estoques, durante o período da Live Friday.',
        'Você pode cancelar o recebimento a qualquer momento, pelo link em cada mensagem.',
      ],
    },
  ],
  extra: 'live-friday',
};
