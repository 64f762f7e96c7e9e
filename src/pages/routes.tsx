import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ACCOUNT_PAGES, CONTENT_PAGES } from './content-pages';
import { HomePage } from './home';
import { listingRoute, searchRoute } from './listing-routes';
import { productPage } from './product';
import { pageRenderer, renderPage } from './render';
import { SimplePage } from './simple-page';
import { SiteMapPage } from './site-map';
import { orderConfirmationRoute } from './order-confirmation';
import { boletoPage, paymentStepAction, paymentStepPage, simulatePaymentAction } from './payment-steps';

export const pageRoutes = new Hono<AppEnv>();
pageRoutes.use('*', pageRenderer);

pageRoutes.get('/', (c) =>
  renderPage(c, (shell) => <HomePage shell={shell} />, {
    meta: {
      title: 'Vitrine',
      description: 'Moda praia, fitness e moda feminina e masculina. Frete expresso grátis acima de R$ 499 e 10% de cashback.',
      canonicalPath: '/',
    },
    bodyClass: 'home',
    transparentHeader: true,
  }),
);

for (const page of [...CONTENT_PAGES, ...ACCOUNT_PAGES]) {
  pageRoutes.get(page.path, (c) =>
    renderPage(c, <SimplePage title={page.title} lead={page.lead} sections={page.sections} cta={page.cta} />, {
      meta: { title: page.title, description: page.description, canonicalPath: page.path },
      bodyClass: page.bodyClass,
    }),
  );
}

pageRoutes.get('/mapa-do-site', (c) =>
  renderPage(c, (shell) => <SiteMapPage menu={shell.header.menu} />, {
    meta: { title: 'Mapa do site', description: 'Todas as seções e categorias da Vitrine.', canonicalPath: '/mapa-do-site' },
  }),
);

pageRoutes.get('/checkout', (c) =>
  renderPage(c, <SimplePage title="Finalizar compra" lead="Revise sua sacola, informe a entrega e escolha como pagar." />, {
    meta: { title: 'Finalizar compra', description: 'Finalize sua compra com segurança.', canonicalPath: '/checkout' },
    bodyClass: 'checkout',
  }),
);

pageRoutes.get('/checkout/order/:orderIds', orderConfirmationRoute);
pageRoutes.get('/checkout/order/:orderIds/boleto', boletoPage);
pageRoutes.post('/checkout/order/:orderIds/simular-pagamento', simulatePaymentAction);
pageRoutes.get('/checkout/paypal/:reference', paymentStepPage('paypal'));
pageRoutes.post('/checkout/paypal/:reference', paymentStepAction('paypal'));
pageRoutes.get('/checkout/3ds/:reference', paymentStepPage('3ds'));
pageRoutes.post('/checkout/3ds/:reference', paymentStepAction('3ds'));
pageRoutes.get('/checkout/open-finance/:reference', paymentStepPage('open-finance'));
pageRoutes.post('/checkout/open-finance/:reference', paymentStepAction('open-finance'));

pageRoutes.get('/search', (c) => searchRoute(c));

pageRoutes.get('/cart/ecommerce-app', (c) =>
  renderPage(c, <SimplePage title="Sacola" lead="Sua sacola está vazia. Que tal começar pelas novidades?" />, {
    meta: { title: 'Sacola', description: 'Sua sacola de compras.' },
  }),
);

pageRoutes.get('/:slug/p', productPage);

pageRoutes.get('/:details{[a-z0-9-]+(?:/[a-z0-9-]+)*}', (c) => listingRoute(c, c.req.param('details')));
