import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { foldText } from '../lib/text';
import type { NavItem } from '../lib/nav';
import { ACCOUNT_PAGES, CONTENT_PAGES } from './content-pages';
import { HomePage } from './home';
import { NOT_FOUND_META, NotFoundPage, notFound } from './not-found';
import { pageRenderer, renderLoaded, renderPage } from './render';
import { loadShell } from './shell-data';
import { SimplePage } from './simple-page';
import { SiteMapPage } from './site-map';

const ORDER_IDS = /^\d{1,12}(?:-\d{1,12}){0,19}$/;

function findBySlug(items: NavItem[], path: string): NavItem | null {
  for (const item of items) {
    if (!item.newTab && item.href === path) return item;
    const child = findBySlug(item.items, path);
    if (child) return child;
  }
  return null;
}

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

pageRoutes.get('/checkout/order/:orderIds', (c) => {
  if (!ORDER_IDS.test(c.req.param('orderIds'))) return notFound(c);
  return renderPage(c, <SimplePage title="Pedido recebido" lead="Obrigado pela sua compra! Os detalhes do pedido aparecem aqui." />, {
    meta: { title: 'Pedido recebido', description: 'Confirmação do seu pedido.' },
    bodyClass: 'checkout',
  });
});

pageRoutes.get('/search', (c) => {
  const term = (c.req.query('q') ?? '').trim().slice(0, 100);
  const title = term ? `Resultados para “${term}”` : 'Buscar produtos';
  return renderPage(
    c,
    <SimplePage
      title={title}
      lead={term ? 'Confira os produtos encontrados para a sua busca.' : 'Digite o que você procura na busca acima: biquínis, tops, leggings…'}
    />,
    { meta: { title, description: 'Resultados da busca na Vitrine.', canonicalPath: `/search?q=${encodeURIComponent(foldText(term))}` } },
  );
});

pageRoutes.get('/cart/ecommerce-app', (c) =>
  renderPage(c, <SimplePage title="Sacola" lead="Sua sacola está vazia. Que tal começar pelas novidades?" />, {
    meta: { title: 'Sacola', description: 'Sua sacola de compras.' },
  }),
);

// Product pages arrive with the catalog; until a product exists, every slug is a clear 404.
pageRoutes.get('/:slug/p', (c) => notFound(c));

pageRoutes.get('/:details{[a-z0-9-]+(?:/[a-z0-9-]+)*}', async (c) => {
  const path = '/' + c.req.param('details');
  const shell = await loadShell(c, { transparent: false });
  const entry = findBySlug(shell.header.menu, path);
  if (!entry) return renderLoaded(c, shell, <NotFoundPage />, { status: 404, meta: NOT_FOUND_META });
  return renderLoaded(c, shell, <SimplePage title={entry.name} lead={`Confira a seleção de ${entry.name.toLowerCase()} da Vitrine.`} />, {
    meta: { title: entry.name, description: `${entry.name} na Vitrine: moda praia, fitness e moda.`, canonicalPath: path },
  });
});
