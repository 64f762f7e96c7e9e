import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { accountPages } from './account/account-pages';
import { authPages } from './account/auth-pages';
import { devOutboxPage } from './account/dev-outbox';
import { backofficePages } from './backoffice/routes';
import { checkoutData, checkoutPost, EMPTY_BASIC, renderCheckout } from './checkout';
import { ContentExtras } from './content-extras';
import { CONTENT_PAGES } from './content/content-pages';
import { cartPage } from './cart';
import { getPage, LISTING_ROUTE } from './cached-routes';
import { cartPageRoutes } from './cart-routes';
import { HomePage } from './home';
import { listingRoute, searchRoute } from './listing-routes';
import { productPage } from './product';
import { pageDeadline } from '../http/middleware/availability';
import { sameOrigin } from '../http/same-origin';
import { pageRenderer, renderPage } from './render';
import { SimplePage } from './simple-page';
import { SiteMapPage } from './site-map';
import { orderConfirmationRoute } from './order-confirmation';
import { retryOrderAction } from './order-retry';
import { boletoPage } from './boleto-print';
import { paymentStepAction, paymentStepPage, simulatePaymentAction } from './payment-steps';
import { paymentReturnRoute } from './payment-return';

export const pageRoutes = new Hono<AppEnv>();
// Every state-changing page route (no-JS forms) passes the one same-origin rule first (src/http/same-origin.ts).
pageRoutes.use('*', sameOrigin, pageDeadline, pageRenderer);

getPage(pageRoutes, '/', (c) =>
  renderPage(c, (shell) => <HomePage shell={shell} />, {
    meta: {
      title: 'Vitrine',
      description:
        'Moda praia, fitness e moda feminina e masculina. Frete expresso grátis acima de R$ 499 e 10% de cashback.',
      canonicalPath: '/',
    },
    bodyClass: 'home',
    transparentHeader: true,
  }),
);

pageRoutes.route('/', authPages);
pageRoutes.route('/', accountPages);
pageRoutes.route('/', devOutboxPage);
pageRoutes.route('/', backofficePages);

for (const page of CONTENT_PAGES) {
  getPage(pageRoutes, page.path, (c) =>
    renderPage(
      c,
      (shell) => (
        <SimplePage title={page.title} lead={page.lead} sections={page.sections} cta={page.cta}>
          <ContentExtras page={page} shell={shell} nonce={c.var.nonce} />
        </SimplePage>
      ),
      {
        meta: { title: page.title, description: page.description, canonicalPath: page.path },
        bodyClass: page.bodyClass,
      },
    ),
  );
}

getPage(pageRoutes, '/mapa-do-site', (c) =>
  renderPage(c, (shell) => <SiteMapPage menu={shell.header.menu} />, {
    meta: {
      title: 'Mapa do site',
      description:
        'Mapa do site da Vitrine: todos os departamentos e categorias do menu, páginas de ajuda, políticas e as áreas da sua conta.',
      canonicalPath: '/mapa-do-site',
    },
  }),
);

pageRoutes.get('/checkout', async (c) => renderCheckout(c, await checkoutData(c), EMPTY_BASIC));
pageRoutes.post('/checkout', checkoutPost);

pageRoutes.get('/checkout/order/:orderIds', orderConfirmationRoute);
pageRoutes.get('/checkout/order/:orderIds/boleto', boletoPage);
pageRoutes.post('/checkout/order/:orderIds/simular-pagamento', simulatePaymentAction);
pageRoutes.post('/checkout/order/:orderIds/tentar-novamente', retryOrderAction);
pageRoutes.get('/checkout/retorno/:reference', paymentReturnRoute);
pageRoutes.get('/checkout/paypal/:reference', paymentStepPage('paypal'));
pageRoutes.post('/checkout/paypal/:reference', paymentStepAction('paypal'));
pageRoutes.get('/checkout/3ds/:reference', paymentStepPage('3ds'));
pageRoutes.post('/checkout/3ds/:reference', paymentStepAction('3ds'));
pageRoutes.get('/checkout/open-finance/:reference', paymentStepPage('open-finance'));
pageRoutes.post('/checkout/open-finance/:reference', paymentStepAction('open-finance'));

getPage(pageRoutes, '/search', (c) => searchRoute(c));

pageRoutes.get('/cart/ecommerce-app', (c) => cartPage(c, '/cart/ecommerce-app'));
pageRoutes.get('/sacola', (c) => cartPage(c, '/sacola'));
pageRoutes.route('/', cartPageRoutes);

getPage(pageRoutes, '/:slug/p', productPage);

getPage(pageRoutes, LISTING_ROUTE, (c) => listingRoute(c, c.req.param('details') ?? ''));
