import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bodyClass, createCustomerSession, islandProps, makeApp, scriptTags, seed, setParameter } from './app-harness';
import { cartWith, finished, orderBody, skuWithStock } from './checkout-helpers';

const app = makeApp();
let cookie = '';
// The order confirmation needs a real order and its token (any other token is a 404).
const CONFIRMATION = '/checkout/order/{ids}?token={token}';
let confirmation = '';
// Account pages need a session (they redirect to /login otherwise, see customers-pages.test.ts).
const request = (path: string) =>
  app.request(
    path === CONFIRMATION ? confirmation : path,
    path.startsWith('/minha-conta') ? { headers: { cookie } } : undefined,
  );

const ACCOUNT = [
  '',
  '/perfil',
  '/pedidos',
  '/enderecos',
  '/favoritos',
  '/cashback',
  '/trocas-devolucoes',
  '/vendas',
].map((s) => `/minha-conta${s}`);
const SPEC_ROUTES = [
  '/',
  ...ACCOUNT,
  '/checkout',
  CONFIRMATION,
  '/entregas',
  '/pagamento',
  '/whts-lojas',
  '/pre-livefriday',
  '/perguntas-frequentes',
  '/cashback',
  '/mapa-do-site',
  '/cadastro',
  '/search?q=biquini',
  '/search',
  '/cart/ecommerce-app',
  '/live-app',
  '/live-app/download',
  '/moda-praia',
  '/moda-praia/biquinis',
  '/masculino/sungas',
];
const NOT_FOUND = [
  '/nao-existe',
  '/produto-x/p',
  '/checkout/order/abc',
  '/checkout/order/123-456?token=abc',
  '/checkout/order/1--2',
  '/moda-praia/nao-existe',
  '/Moda-Praia',
  '/minha-conta/nao-existe',
];

function head(html: string) {
  return {
    lang: html.match(/<html\b[^>]*\blang="([^"]*)"/)?.[1],
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? null,
  };
}

describe('pages', () => {
  beforeAll(async () => {
    await seed();
    cookie = (await createCustomerSession()).cookie;
    const sku = await skuWithStock(2);
    confirmation = (
      await finished(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 47 }))
    ).redirect;
  });

  it.each(SPEC_ROUTES)('answers %s with a streamed 200 pt-BR document', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(res.body).toBeInstanceOf(ReadableStream);
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    const meta = head(html);
    expect(meta.lang).toBe('pt-BR');
    expect(meta.title?.trim()).toBeTruthy();
    expect(meta.description?.trim().length).toBeGreaterThan(20);
    expect(html).not.toContain('Página não encontrada');
  });

  it.each(NOT_FOUND)('answers %s with the 404 page', async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h1>Página não encontrada</h1>');
    expect(head(html).title).toBe('Página não encontrada | Vitrine');
    expect(head(html).lang).toBe('pt-BR');
    expect(head(html).canonical).toBeNull();
  });

  it('sets the checkout body class on /checkout only: the order confirmation has the header back (issue 14)', async () => {
    expect(bodyClass(await (await request('/checkout')).text())?.split(' ')).toContain('checkout');
    const confirmation = await (await request(CONFIRMATION)).text();
    expect(bodyClass(confirmation)?.split(' ')).toEqual(['order-page']);
    expect(confirmation).toContain('data-island="Header"');
    expect(bodyClass(await (await request('/entregas')).text()) ?? '').not.toContain('checkout');
  });

  it('holds the first paint until the stylesheet link after the header is parsed, so a half-parsed header never paints', async () => {
    const html = await (await request('/entregas')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="expect" href="#estilos" blocking="render"\/>/);
    // The whole header comes before it; <main> after it.
    expect(html.indexOf('<link rel="stylesheet" id="estilos"')).toBeGreaterThan(html.indexOf('data-island="Header"'));
    expect(html.indexOf('<main id="conteudo"')).toBeGreaterThan(html.indexOf('<link rel="stylesheet" id="estilos"'));
  });

  it("the phone menu's button is a link to the site map until the island takes it (walk 11: nothing without JavaScript)", async () => {
    const html = await (await request('/entregas')).text();
    expect(html).toMatch(
      /<a href="\/mapa-do-site" role="button" class="menu-mobile__burger" aria-label="Abrir menu" aria-expanded="false"/,
    );
  });

  it('hides the header on /checkout (spec §2) and keeps it elsewhere', async () => {
    const checkout = await (await request('/checkout')).text();
    expect(checkout).not.toContain('data-island="Header"');
    expect(checkout).not.toContain('data-island-props="Header"');
    expect(checkout).toContain('data-island="Checkout"');
    expect(await (await request('/entregas')).text()).toContain('data-island="Header"');
  });

  it('never makes the order confirmation (it carries a token) canonical', async () => {
    const html = await (await request(CONFIRMATION)).text();
    expect(head(html).canonical).toBeNull();
    expect(html).not.toMatch(/<meta property="og:url"[^>]*token=/);
  });

  it('titles pages with the brand and gives the home its own title', async () => {
    expect(head(await (await request('/')).text()).title).toBe('Vitrine | Moda praia, fitness e moda brasileira');
    expect(head(await (await request('/entregas')).text()).title).toBe('Entregas e prazos | Vitrine');
    expect(head(await (await request('/moda-praia/biquinis')).text()).title).toBe('Biquínis | Vitrine');
  });

  it('canonicalises on SITE_URL', async () => {
    expect(head(await (await request('/')).text()).canonical).toBe('https://www.vitrine.com.br/');
    expect(head(await (await request('/entregas')).text()).canonical).toBe('https://www.vitrine.com.br/entregas');
  });

  it('shows the search term and canonicalises it accent-free', async () => {
    const html = await (await request('/search?q=Biqu%C3%ADni%20Praia')).text();
    expect(head(html).title).toBe('Resultados para “Biquíni Praia” | Vitrine');
    expect(head(html).canonical).toBe('https://www.vitrine.com.br/search?q=biquini+praia');
    // The header's search box shows what was searched (walk 11: it was empty); other pages' box is empty.
    expect(html).toMatch(/<input class="search-box__input"[^>]* name="q"[^>]* value="Biquíni Praia"/);
    expect(await (await request('/entregas')).text()).not.toMatch(/<input class="search-box__input"[^>]* value=/);
  });

  it('lists the menu departments and institutional pages on /mapa-do-site', async () => {
    const html = await (await request('/mapa-do-site')).text();
    for (const href of [
      '/moda-praia',
      '/moda-praia/biquinis',
      '/fitness/leggings',
      '/entregas',
      '/minha-conta/vendas',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it('renders the menu on the home page', async () => {
    const html = await (await request('/')).text();
    expect(html).toMatch(
      /<a class="department-card[^"]*" href="\/moda-praia">(?:(?!<\/a>).)*<span class="department-card__name">Moda Praia<\/span>/,
    );
  });
});

describe('content pages (issue 7)', () => {
  beforeAll(() => seed());
  const CONTENT = [
    '/entregas',
    '/pagamento',
    '/perguntas-frequentes',
    '/cashback',
    '/mapa-do-site',
    '/whts-lojas',
    '/pre-livefriday',
    '/live-app',
    '/live-app/download',
  ];

  it.each(CONTENT)('%s has a unique title, a 110–160 character description and its canonical URL', async (path) => {
    const html = await (await request(path)).text();
    const { title, description, canonical } = head(html);
    expect(title).toMatch(/ \| Vitrine$/);
    expect(description!.length).toBeGreaterThanOrEqual(110);
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(canonical).toBe(`https://www.vitrine.com.br${path}`);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    const others = await Promise.all(
      CONTENT.filter((p) => p !== path).map(async (p) => head(await (await request(p)).text()).title),
    );
    expect(others).not.toContain(title);
  });

  it('the FAQ is an accordion with FAQPage JSON-LD matching its questions', async () => {
    const html = await (await request('/perguntas-frequentes')).text();
    const questions = [...html.matchAll(/<summary>([^<]+)<\/summary>/g)].map((m) => m[1]);
    expect(questions.length).toBeGreaterThanOrEqual(10);
    const ld = scriptTags(html).find((t) => t.attrs.type === 'application/ld+json' && t.body.includes('FAQPage'));
    expect(ld).toBeTruthy();
    const data = JSON.parse(ld!.body) as {
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((q) => q.name.replace(/&/g, '&amp;'))).toEqual(questions);
    expect(data.mainEntity.every((q) => q.acceptedAnswer.text.length > 20)).toBe(true);
  });

  it('/whts-lojas lists the central and every store with WhatsApp from GET /api/whatsapp', async () => {
    const html = await (await request('/whts-lojas')).text();
    const api = (await (await request('/api/whatsapp')).json()) as {
      mountedURL: string;
      stores: { name: string; mountedURL: string }[];
    };
    expect(api.stores.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain(`href="${api.mountedURL.replace(/&/g, '&amp;')}"`);
    for (const store of api.stores) {
      expect(html).toContain(store.name);
      expect(html).toContain(`href="${store.mountedURL.replace(/&/g, '&amp;')}"`);
    }
  });

  it.each(['/live-app', '/live-app/download'])(
    '%s links the store badges from the mobile_application_*_url parameters',
    async (path) => {
      await setParameter('mobile_application_ios_url', 'https://apps.apple.com/br/app/vitrine/id123');
      const html = await (await request(path)).text();
      expect(html).toContain('href="https://apps.apple.com/br/app/vitrine/id123"');
      expect(html).toContain('href="https://play.google.com/store/apps/details?id=br.com.vitrine.app"');
      expect(html).toContain('App Store');
      expect(html).toContain('Google Play');
    },
  );

  /** /pre-livefriday as rendered at `at` (the server's clock); a query of its own, so no edge-cache entry of another time answers. */
  async function liveFridayAt(at: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(at));
      const html = await (await request(`/pre-livefriday?em=${encodeURIComponent(at)}`)).text();
      return {
        html,
        props: islandProps<{ startsAt: number; serverNow: number; consentText: string }>(html, 'LiveFriday')!,
      };
    } finally {
      vi.useRealTimers();
    }
  }

  it('/pre-livefriday on Live Friday (the last Friday of November, the whole São Paulo day) says it has begun', async () => {
    // 27/11/2026 from 00:00 to 23:59 in São Paulo (03:00 UTC to 02:59 UTC the next day).
    for (const at of ['2026-11-27T03:00:00Z', '2026-11-27T15:00:00Z', '2026-11-28T02:59:00Z']) {
      const { html, props } = await liveFridayAt(at);
      expect(props.startsAt, at).toBe(Date.parse('2026-11-27T03:00:00Z'));
      expect(html, at).toContain('A Live Friday começou! Aproveite as ofertas.');
      expect(html, at).not.toContain('class="countdown"');
    }
    // The day after, the countdown is to next year's (26/11/2027).
    expect((await liveFridayAt('2026-11-28T03:00:00Z')).props.startsAt).toBe(Date.parse('2027-11-26T03:00:00Z'));
  });

  it('/pre-livefriday renders the countdown and the lead form with the consent text', async () => {
    const { html, props } = await liveFridayAt('2026-11-20T12:00:00Z');
    expect(props.startsAt).toBe(Date.parse('2026-11-27T03:00:00Z'));
    expect(props.serverNow).toBe(Date.parse('2026-11-20T12:00:00Z'));
    expect(html).toContain('class="countdown"');
    expect(html).toContain(props.consentText);
    const consent = html.match(/<input\b[^>]*name="consent"[^>]*>/)?.[0];
    expect(consent).toContain('required');
    expect(consent).toContain('type="checkbox"');
  });
});
