import type { ContentPage } from './content-page';

/** /live-app: what the app offers. */
export const APP_PAGE: ContentPage = {
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
};

/** /live-app/download: where to get the app. */
export const APP_DOWNLOAD_PAGE: ContentPage = {
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
};
