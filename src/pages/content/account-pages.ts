import type { ContentPage } from './content-page';

/** The account area's pages: titles and leads of /minha-conta and its sections. */
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
