/**
 * Spec routes whose page is content; issue-specific pages replace their entry with a richer one.
 * Texts follow the spec's business constants (§9): free express shipping above R$ 499, 10% cashback,
 * 10% off with a seller coupon, payment methods of §3. Over 300 lines because it is copy, not logic.
 */
export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  /** A plain bullet list. */
  list?: string[];
  /** Short "title: text" cards (e.g. delivery options). */
  facts?: [title: string, text: string][];
  /** Question → answer pairs, rendered as native disclosure widgets (no script). */
  faq?: [question: string, answer: string][];
}

export interface ContentPage {
  path: string;
  /** The <h1> and the document title (unique per page). */
  title: string;
  /** Meta description: 110–160 characters, unique per page. */
  description: string;
  lead: string;
  sections?: ContentSection[];
  cta?: { href: string; label: string };
  bodyClass?: string;
}

export const CONTENT_PAGES: ContentPage[] = [
  {
    path: '/entregas',
    title: 'Entregas e prazos',
    description:
      'Frete normal, expresso ou retirada em loja para todo o Brasil. Veja prazos, rastreio e frete expresso grátis acima de R$ 499.',
    lead: 'Entregamos em todo o Brasil com frete normal, expresso ou retirada em loja. Nas compras acima de R$ 499, o frete expresso é por nossa conta.',
    sections: [
      {
        heading: 'Modalidades de entrega',
        facts: [
          ['Normal', 'A opção mais econômica, com prazo informado no carrinho para o seu CEP.'],
          ['Expressa', 'Chega mais rápido. Grátis em compras acima de R$ 499.'],
          ['Retirada em loja', 'Escolha uma loja participante e retire sem pagar frete.'],
          ['Fábrica', 'Alguns produtos saem direto da nossa fábrica; o prazo aparece separado no carrinho.'],
        ],
      },
      {
        heading: 'Como calcular o frete',
        paragraphs: [
          'Informe o seu CEP na sacola ou na página do produto para ver as opções, os preços e os prazos disponíveis para o seu endereço. O prazo começa a contar depois da confirmação do pagamento.',
          'Cupons e códigos de vendedor podem liberar frete grátis: o desconto aparece na hora, já na escolha da entrega.',
        ],
      },
      {
        heading: 'Acompanhe o seu pedido',
        paragraphs: [
          'Assim que o pedido é despachado, você recebe o código de rastreio por e-mail. Ele também fica disponível em Minha conta, na área Meus pedidos.',
        ],
      },
    ],
    cta: { href: '/minha-conta/pedidos', label: 'Acompanhar meus pedidos' },
  },
  {
    path: '/pagamento',
    title: 'Formas de pagamento',
    description:
      'Pague com cartão de crédito em até 10x sem juros, débito, Pix, boleto, PayPal ou open finance, com checkout seguro na Vitrine.',
    lead: 'Pague do jeito que preferir: cartão de crédito em até 10x sem juros, cartão de débito, Pix, boleto, PayPal ou open finance.',
    sections: [
      {
        heading: 'Opções disponíveis',
        facts: [
          ['Cartão de crédito', 'Visa, Mastercard, Amex, Diners, Hipercard, Hiper e Credsystem, em até 10x sem juros.'],
          ['Pix', 'Aprovação na hora: copie o código ou leia o QR Code no app do seu banco.'],
          ['Boleto', 'Pague em qualquer banco ou lotérica; a confirmação leva até 3 dias úteis.'],
          ['Débito, PayPal e open finance', 'Pague direto da sua conta, com a segurança do seu banco ou do PayPal.'],
        ],
      },
      {
        heading: 'Segurança',
        paragraphs: [
          'Os dados do cartão são enviados diretamente à operadora de pagamento e nunca ficam guardados na Vitrine. Todo o site usa conexão criptografada.',
        ],
      },
      {
        heading: 'Cupons, cashback e código de vendedor',
        paragraphs: [
          'Na finalização da compra você pode aplicar um cupom de desconto, o código da sua vendedora (10% de desconto) e o saldo do seu cashback.',
        ],
      },
    ],
  },
  {
    path: '/whts-lojas',
    title: 'Compre pelo WhatsApp',
    description:
      'Fale com uma vendedora da Vitrine pelo WhatsApp: ajuda com tamanhos, combinações e pedido, com as mesmas ofertas do site.',
    lead: 'Escolha uma loja e fale com uma vendedora pelo WhatsApp: ela ajuda com tamanhos, combinações e o pedido, com as mesmas ofertas do site.',
    sections: [
      {
        heading: 'Como funciona',
        list: [
          'Chame a nossa equipe pelo WhatsApp oficial, (11) 98765-4321.',
          'Conte o que você procura: a vendedora envia fotos, medidas e sugestões de looks.',
          'Ela monta a sua sacola e envia o link para você pagar com segurança no site.',
        ],
      },
      {
        heading: 'Cuidado com perfis falsos',
        paragraphs: [
          'A Vitrine só atende pelos canais oficiais listados no rodapé do site e nunca pede senhas, códigos por SMS ou pagamentos fora do site.',
        ],
      },
    ],
  },
  {
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
    ],
    cta: { href: '/cadastro', label: 'Quero me cadastrar' },
  },
  {
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
            'O prazo depende do seu CEP e da modalidade escolhida (normal, expressa ou retirada em loja). Ele aparece no carrinho antes de você finalizar a compra.',
          ],
          [
            'O frete é grátis?',
            'O frete expresso é grátis em compras acima de R$ 499. Cupons e códigos de vendedor também podem liberar frete grátis.',
          ],
          [
            'Como acompanho o meu pedido?',
            'Em Minha conta, na área Meus pedidos, você vê o status e o código de rastreio assim que o pedido é despachado.',
          ],
        ],
      },
      {
        heading: 'Trocas e devoluções',
        faq: [
          [
            'Posso trocar um produto?',
            'Sim. Você tem até 30 dias após o recebimento para solicitar a troca em Minha conta, na área Trocas e devoluções.',
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
            'Cartão de crédito em até 10x sem juros, cartão de débito, Pix, boleto, PayPal e open finance.',
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
            'Alguns cupons têm regras, como produtos participantes ou login obrigatório. A mensagem na tela explica o motivo.',
          ],
        ],
      },
    ],
  },
  {
    path: '/cashback',
    title: 'Cashback de 10%',
    description:
      'Ganhe 10% de cashback em todas as compras na Vitrine e use o saldo como desconto na próxima. Veja como funciona e onde consultar.',
    lead: 'Ganhe 10% de cashback em todas as compras e use o saldo como desconto na próxima compra, no site ou no app.',
    sections: [
      {
        heading: 'Como funciona',
        list: [
          'Compre normalmente: 10% do valor do pedido volta para você como cashback.',
          'O saldo é liberado depois que o pedido é entregue.',
          'Na próxima compra, aplique o cashback na finalização e veja o desconto na hora.',
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
  },
  {
    path: '/cadastro',
    title: 'Crie sua conta',
    description:
      'Crie sua conta na Vitrine para acompanhar pedidos, salvar favoritos, usar seu cashback de 10% e comprar mais rápido.',
    lead: 'Crie sua conta para acompanhar pedidos, salvar favoritos, usar seu cashback e comprar mais rápido.',
  },
  {
    path: '/live-app',
    title: 'App Vitrine',
    description:
      'Compre pelo app da Vitrine: lives de lançamento, ofertas exclusivas, cashback e acompanhamento dos seus pedidos na palma da mão.',
    lead: 'Ofertas exclusivas, lives de lançamento e os seus pedidos sempre à mão.',
    sections: [
      {
        heading: 'No app você encontra',
        list: [
          'Lives de lançamento com as nossas vendedoras.',
          'Cupons e ofertas exclusivas do app.',
          'Sacola, favoritos e cashback sincronizados com o site.',
        ],
      },
    ],
    cta: { href: '/live-app/download', label: 'Baixar o app' },
  },
  {
    path: '/live-app/download',
    title: 'Baixe o app Vitrine',
    description:
      'Baixe grátis o app da Vitrine para iPhone na App Store ou para Android no Google Play e compre moda praia e fitness pelo celular.',
    lead: 'Baixe grátis o app da Vitrine para iPhone ou Android e entre com a mesma conta do site.',
  },
];

export const ACCOUNT_PAGES: ContentPage[] = [
  ['', 'Minha conta', 'Seus pedidos, dados, endereços, favoritos e cashback em um só lugar.'],
  ['/perfil', 'Meus dados', 'Atualize seus dados pessoais, e-mail e senha de acesso.'],
  ['/pedidos', 'Meus pedidos', 'Acompanhe seus pedidos, pagamentos, entregas e códigos de rastreio.'],
  ['/enderecos', 'Meus endereços', 'Cadastre e edite seus endereços de entrega.'],
  ['/favoritos', 'Favoritos', 'Os produtos que você salvou para comprar depois.'],
  ['/cashback', 'Meu cashback', 'Seu saldo de cashback, o extrato e a validade de cada crédito.'],
  [
    '/trocas-devolucoes',
    'Trocas e devoluções',
    'Solicite e acompanhe trocas e devoluções em até 30 dias após o recebimento.',
  ],
  ['/vendas', 'Minhas vendas', 'Vendas atribuídas ao seu código de vendedor.'],
].map(([suffix, title, lead]) => ({
  path: `/minha-conta${suffix}`,
  title: title!,
  description: `${lead!} Área do cliente Vitrine.`,
  lead: lead!,
}));
