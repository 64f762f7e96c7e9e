// Over 300 lines: pt-BR content of the spec's content routes (texts, not logic).
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
  /** What the page adds below its copy (src/pages/content-extras.tsx). */
  extra?: 'faq-json-ld' | 'whatsapp-stores' | 'live-friday' | 'app-badges';
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
          ['Normal', 'A opção mais econômica. O prazo, em dias úteis, aparece na sacola para o seu CEP.'],
          ['Expressa', 'Chega mais rápido, pelas transportadoras parceiras. Grátis em compras acima de R$ 499.'],
          ['Retirada em loja', 'Escolha uma loja participante e retire sem pagar frete, em até 7 dias depois do aviso de pedido pronto.'],
          ['Fábrica', 'Alguns produtos saem direto da nossa fábrica; o prazo desse pacote aparece separado na sacola.'],
        ],
      },
      {
        heading: 'Como calcular o frete e o prazo',
        paragraphs: [
          'Informe o seu CEP na sacola ou na página do produto para ver as opções, os preços e os prazos disponíveis para o seu endereço.',
          'O prazo é contado em dias úteis a partir da confirmação do pagamento: na hora para Pix e cartão, e em até 3 dias úteis para o boleto. Pedidos com itens em pré-venda são enviados quando todos os itens estiverem disponíveis, na data informada na página do produto.',
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
  },
  {
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
          ['Boleto', 'Pague em qualquer banco, lotérica ou app bancário até o vencimento; a confirmação leva até 3 dias úteis.'],
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
  },
  {
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
    extra: 'app-badges',
  },
  {
    path: '/live-app/download',
    title: 'Baixe o app Vitrine',
    description:
      'Baixe grátis o app da Vitrine para iPhone na App Store ou para Android no Google Play e compre moda praia e fitness pelo celular.',
    lead: 'Baixe grátis o app da Vitrine para iPhone ou Android e entre com a mesma conta do site.',
    sections: [
      {
        heading: 'Como instalar',
        list: [
          'Toque no botão da loja de aplicativos do seu celular.',
          'Instale o app Vitrine e abra.',
          'Entre com o mesmo e-mail e senha do site: sacola, favoritos e cashback vêm junto.',
        ],
      },
    ],
    extra: 'app-badges',
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
