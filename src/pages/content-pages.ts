/** Spec routes whose page is content; issue-specific pages replace their entry with a richer one. */
export interface ContentPage {
  path: string;
  title: string;
  description: string;
  lead: string;
  bodyClass?: string;
}

export const CONTENT_PAGES: ContentPage[] = [
  {
    path: '/entregas',
    title: 'Entregas',
    description: 'Prazos, modalidades e frete grátis: saiba como a Vitrine entrega em todo o Brasil.',
    lead: 'Entregamos em todo o Brasil com frete normal, expresso ou retirada em loja. Frete expresso grátis acima de R$ 499.',
  },
  {
    path: '/pagamento',
    title: 'Pagamento',
    description: 'Cartão de crédito em até 10x sem juros, débito, Pix, boleto, PayPal e open finance.',
    lead: 'Pague com cartão de crédito em até 10x sem juros, cartão de débito, Pix, boleto, PayPal ou open finance.',
  },
  {
    path: '/whts-lojas',
    title: 'Compre pelo WhatsApp',
    description: 'Fale com uma vendedora da sua loja favorita e compre pelo WhatsApp.',
    lead: 'Escolha uma loja e fale com uma vendedora pelo WhatsApp: ela ajuda com tamanhos, combinações e o pedido.',
  },
  {
    path: '/pre-livefriday',
    title: 'Pré-Live Friday',
    description: 'Cadastre-se e receba antes de todo mundo as ofertas da Live Friday Vitrine.',
    lead: 'As melhores ofertas do ano estão chegando. Cadastre-se para receber o acesso antecipado.',
  },
  {
    path: '/perguntas-frequentes',
    title: 'Perguntas frequentes',
    description: 'Respostas sobre pedidos, entregas, trocas, pagamento e cashback na Vitrine.',
    lead: 'Tire suas dúvidas sobre pedidos, entregas, trocas, pagamento e cashback.',
  },
  {
    path: '/cashback',
    title: 'Cashback',
    description: 'Ganhe 10% de cashback em todas as compras e use o saldo na próxima.',
    lead: 'Ganhe 10% de cashback em todas as compras e use o saldo como desconto na próxima compra.',
  },
  {
    path: '/cadastro',
    title: 'Cadastro',
    description: 'Crie sua conta na Vitrine para acompanhar pedidos, salvar favoritos e usar seu cashback.',
    lead: 'Crie sua conta para acompanhar pedidos, salvar favoritos e usar seu cashback.',
  },
  {
    path: '/live-app',
    title: 'Baixe o app Vitrine',
    description: 'Compre pelo app da Vitrine: ofertas exclusivas e acompanhamento dos pedidos.',
    lead: 'Ofertas exclusivas, lives de lançamento e seus pedidos sempre à mão.',
  },
  {
    path: '/live-app/download',
    title: 'Download do app Vitrine',
    description: 'Baixe o app da Vitrine na App Store ou no Google Play.',
    lead: 'Baixe o app da Vitrine para iPhone ou Android.',
  },
];

export const ACCOUNT_PAGES: ContentPage[] = [
  ['', 'Minha conta', 'Seus pedidos, dados, endereços, favoritos e cashback em um só lugar.'],
  ['/perfil', 'Meus dados', 'Atualize seus dados pessoais e sua senha.'],
  ['/pedidos', 'Meus pedidos', 'Acompanhe seus pedidos, pagamentos e entregas.'],
  ['/enderecos', 'Meus endereços', 'Cadastre e edite seus endereços de entrega.'],
  ['/favoritos', 'Favoritos', 'Os produtos que você salvou para depois.'],
  ['/cashback', 'Meu cashback', 'Seu saldo de cashback, extrato e validade.'],
  ['/trocas-devolucoes', 'Trocas e devoluções', 'Solicite e acompanhe trocas e devoluções.'],
  ['/vendas', 'Minhas vendas', 'Vendas atribuídas ao seu código de vendedor.'],
].map(([suffix, title, lead]) => ({
  path: `/minha-conta${suffix}`,
  title: title!,
  description: lead!,
  lead: lead!,
}));
