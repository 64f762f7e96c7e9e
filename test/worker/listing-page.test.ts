import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LiveMenusResponseSchema } from '../../src/contracts/menus';
import { toNavItems, type NavItem } from '../../src/lib/menu/nav';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();

async function page(path: string, status = 200): Promise<string> {
  const res = await request(path);
  expect(res.status, path).toBe(status);
  return res.text();
}

/** Product links of the grid, in order (`/<slug>/p`). */
function productLinks(html: string): string[] {
  return [...html.matchAll(/class="product-card__link" href="([^"]+)"/g)].map((m) => m[1]!);
}

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/** Assertions on whole pages without dumping the page into the failure message. */
function has(html: string, needle: string | RegExp, label = ''): void {
  const found = typeof needle === 'string' ? html.includes(needle) : needle.test(html);
  expect(found, `${label} ${String(needle)}`).toBe(true);
}
function lacks(html: string, needle: string): void {
  expect(html.includes(needle), `not ${needle}`).toBe(false);
}

function sameTabEntries(items: NavItem[]): NavItem[] {
  return items.flatMap((i) => [...(!i.newTab && i.href.startsWith('/') ? [i] : []), ...sameTabEntries(i.items)]);
}

describe('listing pages', () => {
  beforeAll(() => seed());

  it('every same-tab Menu-Topo entry answers 200 with its title, facets, sort, cards and pagination', async () => {
    const menu = LiveMenusResponseSchema.parse(await (await request('/api/live-menus')).json());
    const entries = sameTabEntries(toNavItems(menu, '/images'));
    expect(entries.length).toBeGreaterThan(30);
    // An address linked twice (Moda › Modalidades › Praia → /moda-praia) is titled after its first, shallowest entry.
    const byHref = new Map<string, NavItem>();
    for (const e of entries) if (!byHref.has(e.href)) byHref.set(e.href, e);
    for (const entry of byHref.values()) {
      const html = await page(entry.href);
      has(html, `<h1 class="listing__title">${entry.name.replace(/'/g, '&#x27;')}</h1>`, entry.href);
      has(html, /<details class="filters"/, entry.href);
      has(html, /<section class="facet facet--sizes"/, entry.href);
      has(html, /<select[^>]*name="ordem"/, entry.href);
      has(html, /<nav class="pagination" aria-label="Paginação">/, entry.href);
      expect(productLinks(html).length, entry.href).toBeGreaterThan(0);
      has(html, `<link rel="canonical" href="https://www.vitrine.com.br${entry.href}"/>`, entry.href);
    }
  }, 60_000);

  it('titles the page after the entry and links the breadcrumb Home › department › entry', async () => {
    const html = await page('/moda-praia/biquinis');
    has(html, '<title>Biquínis | Vitrine</title>');
    const crumbs = html.match(/<nav class="breadcrumb"[\s\S]*?<\/nav>/)![0];
    has(crumbs, '<a href="/">Início</a>');
    has(crumbs, '<a href="/moda-praia">Moda Praia</a>');
    has(crumbs, '<span aria-current="page">Biquínis</span>');
    has(html, '"@type":"BreadcrumbList"');
  });

  it('an unknown slug and a page past the end are 404s', async () => {
    const html = await page('/nao-existe', 404);
    has(html, 'Página não encontrada');
    await page('/moda-praia/nao-existe', 404);
    await page('/moda-praia/biquinis?pagina=999', 404);
    // However large: the same 404 (it used to fall back to page 1 above 1,000).
    for (const pagina of ['1001', '99999', '1e3', '99999999999999999999'])
      await page(`/moda-praia/biquinis?pagina=${pagina}`, 404);
    await page('/search?q=biquini&pagina=99999', 404);
    // Not a page number: page 1.
    for (const pagina of ['2.5', '-1', '0', 'abc', '']) await page(`/moda-praia/biquinis?pagina=${pagina}`, 200);
  });

  it('a single-valued filter given twice is read once, not dropped (?preco=…&preco=…)', async () => {
    const count = (html: string) => Number(/(\d+) produtos?</.exec(html)?.[1]);
    const once = await page('/moda-praia?preco=100-200');
    const twice = await page('/moda-praia?preco=100-200&preco=100-200');
    const all = await page('/moda-praia');
    expect(count(twice)).toBe(count(once));
    expect(count(once)).toBeLessThan(count(all));
  });

  it('?tamanho=XGG shows only products with stock in XGG', async () => {
    const html = await page('/fitness/leggings?tamanho=XGG');
    const slugs = productLinks(html).map((href) => href.slice(1, -2));
    expect(slugs.length).toBeGreaterThan(0);
    const { results } = await env.DB.prepare(
      `SELECT p.slug, sum(s.quantity) AS qty FROM products p JOIN product_items i ON i.product_id = p.id AND i.size = 'XGG'
         JOIN stock s ON s.product_item_id = i.id WHERE p.slug IN (${slugs.map(() => '?').join(',')}) GROUP BY p.slug`,
    )
      .bind(...slugs)
      .all<{ slug: string; qty: number }>();
    expect(results).toHaveLength(slugs.length);
    for (const r of results) expect(r.qty, r.slug).toBeGreaterThan(0);
    // The whole listing (not only this page) matches the count the page prints.
    const { results: all } = await env.DB.prepare(
      `SELECT count(DISTINCT p.id) AS n FROM products p JOIN product_listings l ON l.product_id = p.id AND l.slug = 'fitness/leggings'
         WHERE p.gift = 0 AND EXISTS (SELECT 1 FROM product_items i JOIN stock s ON s.product_item_id = i.id
                                     WHERE i.product_id = p.id AND i.size = 'XGG' AND s.quantity > 0)`,
    ).all<{ n: number }>();
    has(html, `<p class="listing__count" id="listing-count">${all[0]!.n} produtos</p>`);
    has(html, /class="chip"[^>]*href="\/fitness\/leggings"[\s\S]*?Tamanho:/);
  });

  it('?cor=preto: every card shows its black picture and opens the product in black', async () => {
    const html = await page('/moda-praia?cor=preto&ordem=price-desc');
    const cards = [...html.matchAll(/<article class="product-card">([\s\S]*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThan(0);
    let otherColours = 0;
    for (const card of cards) {
      const href = decode(card.match(/class="product-card__link" href="([^"]+)"/)![1]!);
      expect(href, href).toMatch(/^\/[a-z0-9-]+\/p\?cor=preto$/);
      const slug = href.slice(1, href.indexOf('/p?'));
      const photo = await env.DB.prepare(
        `SELECT ph.file FROM product_photos ph JOIN products p ON p.id = ph.product_id
          WHERE p.slug = ? AND ph.color_slug = 'preto' ORDER BY ph.position LIMIT 1`,
      )
        .bind(slug)
        .first<{ file: string }>();
      if (photo) expect(card, slug).toContain(photo.file);
      const colours = await env.DB.prepare(
        "SELECT count(DISTINCT i.color_slug) AS n FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.slug = ? AND i.color_slug <> 'preto'",
      )
        .bind(slug)
        .first<{ n: number }>();
      otherColours += colours!.n;
    }
    // The page holds products that also come in other colours (else the test would prove nothing).
    expect(otherColours).toBeGreaterThan(0);
    // Without the filter the link is the product's own.
    expect(productLinks(await page('/moda-praia?ordem=price-desc')).every((href) => href.endsWith('/p'))).toBe(true);
  });

  it('facet links toggle one value, reset the page and keep the sort', async () => {
    const html = await page('/moda-praia?ordem=price-asc&pagina=2');
    const sizeLinks = [...html.matchAll(/class="facet-option[^"]*" href="([^"]+)"/g)].map((m) => decode(m[1]!));
    expect(sizeLinks).toContain('/moda-praia?tamanho=P&ordem=price-asc');
    const selected = await page('/moda-praia?tamanho=P,M&ordem=price-asc');
    has(decode(selected), 'class="facet-option is-selected" href="/moda-praia?tamanho=M&ordem=price-asc"');
    has(decode(selected), 'class="active-filters__clear" href="/moda-praia?ordem=price-asc"');
  });

  it('paginates with crawlable links and rel prev/next', async () => {
    const first = await page('/moda-praia');
    has(first, '<link rel="next" href="https://www.vitrine.com.br/moda-praia?pagina=2"/>');
    lacks(first, 'rel="prev"');
    const second = await page('/moda-praia?pagina=2');
    has(second, '<link rel="prev" href="https://www.vitrine.com.br/moda-praia"/>');
    has(second, '<link rel="canonical" href="https://www.vitrine.com.br/moda-praia?pagina=2"/>');
    has(second, /<a class="pagination__page is-current" href="\/moda-praia\?pagina=2" aria-current="page"/);
    expect(productLinks(second)).not.toEqual(productLinks(first));
    const filtered = await page('/moda-praia?tamanho=P&pagina=2');
    has(filtered, '<link rel="canonical" href="https://www.vitrine.com.br/moda-praia"/>');
  });

  it('cards carry srcset/sizes, eager first row with one high-priority image, prices and installments', async () => {
    const html = await page('/outlet');
    const imgs = [...html.matchAll(/<img class="product-card__image"[^>]*>/g)].map((m) => m[0]);
    expect(imgs.length).toBe(24);
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[3]).toContain('loading="eager"');
    expect(imgs[4]).toContain('loading="lazy"');
    expect(imgs.filter((i) => i.includes('fetchPriority')).length).toBe(1);
    for (const img of imgs) {
      has(img, /srcSet="\/images\/product\/233x350\/[^"]+ 233w, [^"]+ 500w, [^"]+ 750w, [^"]+ 1000w"/);
      has(img, /sizes="\(max-width: 767px\) 50vw/);
      has(img, 'width="500" height="750"');
    }
    // Outlet is 30%+ off: struck list price, percent, and the checkout's interest-free parcels (≤ 6, ≥ R$ 50).
    has(html, /<del class="price__list">R\$\u00a0[\d.,]+<\/del>/);
    has(html, /<span class="price__off">\d+% off<\/span>/);
    for (const m of html.matchAll(/(\d+)x de R\$\u00a0(\d+),(\d\d) sem juros/g)) {
      expect(Number(m[1])).toBeLessThanOrEqual(6);
      expect(Number(m[2]) * 100 + Number(m[3])).toBeGreaterThanOrEqual(5000);
    }
  });
});

describe('search results page', () => {
  beforeAll(() => seed());

  it('biquini and BIQUÍNI render the same product links', async () => {
    const plain = await page('/search?q=biquini');
    const upper = await page(`/search?q=${encodeURIComponent('BIQUÍNI')}`);
    expect(productLinks(plain).length).toBeGreaterThan(0);
    expect(productLinks(upper)).toEqual(productLinks(plain));
    has(upper, 'Resultados para “BIQUÍNI”');
    has(upper, '<link rel="canonical" href="https://www.vitrine.com.br/search?q=biquini"/>');
    has(plain, /<select[^>]*name="ordem"/);
    has(plain, /<input type="hidden" name="q" value="biquini"\/>/);
  });

  it('leguing shows leggings and says what it searched instead', async () => {
    const html = await page('/search?q=leguing');
    const names = [...html.matchAll(/class="product-card__link"[^>]*>([^<]+)</g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) has(n, /^Legging/);
    has(html, 'Mostrando resultados para <strong>“legging”</strong>');
  });

  it('keeps filters and pages on search results', async () => {
    const html = decode(await page('/search?q=legging&tamanho=P'));
    has(html, 'class="active-filters__clear" href="/search?q=legging"');
    has(html, /href="\/search\?q=legging&tamanho=P&pagina=2"|Você viu/);
  });

  it('nonsense gets a helpful empty state', async () => {
    const html = await page('/search?q=zzzzqqq');
    has(html, 'Não encontramos resultados para “zzzzqqq”');
    has(html, 'Confira se a palavra está escrita corretamente.');
    has(html, 'href="/moda-praia/biquinis"');
    has(html, 'href="/novidades"');
    expect(productLinks(html)).toHaveLength(0);
  });

  it('an empty or over-long query never fails', async () => {
    has(await page('/search'), 'O que você está procurando?');
    await page(`/search?q=${'a'.repeat(300)}`);
    await page('/search?q=%22&pagina=abc&preco=x&ordem=y');
  });
});
