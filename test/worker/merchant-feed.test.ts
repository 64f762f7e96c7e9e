import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { validGtin } from '../../src/lib/catalog/gtin';
import { FEED_COLUMNS } from '../../src/lib/seo/merchant-feed';
import { makeApp, makeProxyPair, seed } from './app-harness';
import { feedItems, type FeedShippingXml as Shipping } from './feed-helpers';

// The Merchant Center feed (Google's product data spec for apparel sold in Brazil), parsed by a real XML parser.
const { request } = makeApp();
const SITE = 'https://www.vitrine.com.br';
const onProduction = (path: string, init: RequestInit = {}) => request(`${SITE}${path}`, init);

/** Every sellable SKU (gifts are never sold alone) with what the feed must say about it. */
async function sellableSkus() {
  const { results } = await env.DB.prepare(
    `SELECT i.sku, i.gtin, i.list_price_cents AS list, i.sale_price_cents AS sale
       FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 0 ORDER BY i.id`,
  ).all<{ sku: string; gtin: string | null; list: number; sale: number }>();
  return results;
}

const MONEY = /^\d+\.\d{2} BRL$/;
const WINDOW = /^(\d{4}-\d{2}-\d{2})T00:00-03:00\/(\d{4}-\d{2}-\d{2})T00:00-03:00$/;

describe('GET /feeds/google.xml and /feeds/google.tsv', () => {
  beforeAll(() => seed());

  it('is RSS 2.0 with one item per sellable variant, each with every attribute Google requires for apparel in Brazil', async () => {
    const res = await onProduction('/feeds/google.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const items = await feedItems(res);
    const skus = await sellableSkus();
    expect(items.map((i) => i['g:id'])).toEqual(skus.map((s) => s.sku));
    const required = [
      'id',
      'title',
      'description',
      'link',
      'image_link',
      'availability',
      'price',
      'condition',
      'brand',
      'gender',
      'age_group',
      'color',
      'size',
      'size_system',
      'item_group_id',
    ];
    let invalidGtins = 0;
    let validGtins = 0;
    let sales = 0;
    // Problems are collected (one assertion at the end): thousands of items times each check would take seconds.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => ok || problems.push(what);
    for (const [n, item] of items.entries()) {
      const sku = skus[n]!;
      const v = (name: string) => String(item[`g:${name}`] ?? '');
      for (const name of required) check(v(name) !== '', `${sku.sku} lacks g:${name}`);
      check(['in_stock', 'out_of_stock'].includes(v('availability')), `${sku.sku} availability ${v('availability')}`);
      check(
        v('condition') === 'new' && v('age_group') === 'adult' && v('size_system') === 'BR',
        `${sku.sku} condition/age/size system`,
      );
      check(['male', 'female', 'unisex'].includes(v('gender')), `${sku.sku} gender ${v('gender')}`);
      check(v('title').length <= 150, `${sku.sku} title too long`);
      check(
        /^https:\/\/www\.vitrine\.com\.br\/[a-z0-9-]+\/p\?cor=[a-z-]+&tamanho=/.test(v('link')),
        `${sku.sku} link ${v('link')}`,
      );
      check(
        /^https:\/\/www\.vitrine\.com\.br\/images\/product\/750x1125\/[^/]+\.webp$/.test(v('image_link')),
        `${sku.sku} image ${v('image_link')}`,
      );
      check(
        MONEY.test(v('price')) && v('price') === `${(sku.list / 100).toFixed(2)} BRL`,
        `${sku.sku} price ${v('price')}`,
      );
      const onSale = sku.sale > 0 && sku.sale < sku.list;
      if (onSale) {
        sales++;
        check(v('sale_price') === `${(sku.sale / 100).toFixed(2)} BRL`, `${sku.sku} sale price ${v('sale_price')}`);
        const [, start, end] = WINDOW.exec(v('sale_price_effective_date')) ?? [];
        check(
          !!start && start <= new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10) && end! > start,
          `${sku.sku} window ${v('sale_price_effective_date')}`,
        );
      } else {
        check(
          v('sale_price') === '' && v('sale_price_effective_date') === '',
          `${sku.sku} sale without a compare-at price`,
        );
      }
      if (validGtin(sku.gtin)) {
        validGtins++;
        check(v('gtin') === sku.gtin && v('identifier_exists') === '', `${sku.sku} gtin`);
      } else {
        if (sku.gtin) invalidGtins++;
        check(v('gtin') === '' && v('identifier_exists') === 'no', `${sku.sku} invalid gtin ${sku.gtin} published`);
      }
      const shipping = item['g:shipping'] as Shipping[];
      check(shipping.length > 0, `${sku.sku} no shipping`);
      for (const s of shipping) {
        check(
          s['g:country'] === 'BR' &&
            /^(Correios PAC|Correios SEDEX|Loggi)$/.test(s['g:service']) &&
            MONEY.test(s['g:price']),
          `${sku.sku} shipping`,
        );
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    // The seed has each case, so none of the branches above went untested.
    expect([validGtins, invalidGtins, sales].every((n) => n > 10)).toBe(true);
  });

  it('quotes shipping as the checkout does for the default region (São Paulo capital, from the factory)', async () => {
    const items = await feedItems(await onProduction('/feeds/google.xml'));
    const cheap = items.find((i) => Number.parseFloat(String(i['g:sale_price'] ?? i['g:price'])) < 499)!;
    const quote = (await (
      await request(
        `/api/omnichannel?zip_code=01310100&total_sale=${Math.round(Number.parseFloat(String(cheap['g:sale_price'] ?? cheap['g:price'])) * 100)}`,
      )
    ).json()) as Record<string, { carrier: string; price: number }[]>;
    const options = Object.values(quote)[0]!;
    const byService = new Map((cheap['g:shipping'] as Shipping[]).map((s) => [s['g:service'], s['g:price']]));
    expect(byService.size).toBe(options.length);
    for (const o of options) expect(byService.get(o.carrier)).toBe(`${(o.price / 100).toFixed(2)} BRL`);
  });

  it('has the same items as TSV: a header of Google attribute names and one row per variant', async () => {
    const [xmlRes, tsvRes] = await Promise.all([onProduction('/feeds/google.xml'), onProduction('/feeds/google.tsv')]);
    expect(tsvRes.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8');
    const items = await feedItems(xmlRes);
    const lines = (await tsvRes.text()).split('\n');
    expect(lines.pop()).toBe('');
    const [head, ...rows] = lines;
    expect(head!.split('\t')).toEqual(FEED_COLUMNS);
    expect(rows).toHaveLength(items.length);
    const problems: string[] = [];
    rows.forEach((row, n) => {
      const cells = row.split('\t');
      const item = items[n]!;
      if (cells.length !== FEED_COLUMNS.length) problems.push(`${item['g:id']}: ${cells.length} cells`);
      for (const [k, name] of FEED_COLUMNS.entries()) {
        const want =
          name === 'shipping'
            ? (item['g:shipping'] as Shipping[]).map((s) => `BR::${s['g:service']}:${s['g:price']}`).join(',')
            : String(item[`g:${name}`] ?? '');
        if (cells[k] !== want) problems.push(`${item['g:id']} ${name}: ${cells[k]} ≠ ${want}`);
      }
    });
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it('answers 404 anywhere but the production host', async () => {
    for (const path of ['/feeds/google.xml', '/feeds/google.tsv']) {
      expect((await request(path, { headers: { host: 'staging.vitrine.com.br' } })).status).toBe(404);
      expect((await request(`http://localhost:8787${path}`)).status).toBe(404);
    }
  });

  it('is edge-cached at the content version: a hit until a price changes, then the new price', async () => {
    // The copy is stored as the first answer streams: it ends once the copy is in the cache.
    await (await onProduction('/feeds/google.xml')).arrayBuffer();
    const hit = await onProduction('/feeds/google.xml');
    expect(hit.headers.get('x-edge-cache')).toBe('HIT');
    const before = await feedItems(hit);
    const sku = (await sellableSkus())[0]!;
    await env.DB.prepare('UPDATE product_items SET list_price_cents = list_price_cents + 1000 WHERE sku = ?')
      .bind(sku.sku)
      .run();
    const after = await onProduction('/feeds/google.xml');
    expect(after.headers.get('x-edge-cache')).toBe('MISS');
    const item = (await feedItems(after)).find((i) => i['g:id'] === sku.sku)!;
    expect(item['g:price']).toBe(`${((sku.list + 1000) / 100).toFixed(2)} BRL`);
    expect(before.find((i) => i['g:id'] === sku.sku)!['g:price']).toBe(`${(sku.list / 100).toFixed(2)} BRL`);
  });

  it('reads through the port: with an upstream, the same feed from its /api/feed/items pages', async () => {
    const { proxy, seen } = makeProxyPair();
    const direct = await (await onProduction('/feeds/google.tsv')).text();
    const res = await proxy.request(`${SITE}/feeds/google.tsv`);
    expect(res.headers.get('x-edge-cache')).toBe('BYPASS');
    // The sale window is the day's: both renders ran on the same day.
    expect(await res.text()).toBe(direct);
    expect(seen.map((r) => new URL(r.url).pathname)).toContain('/api/feed/items');
    expect(seen.length).toBeGreaterThan(1);
  });

  it('streams: the next page of variants is read only when the client has taken the previous one', async () => {
    const { proxy, seen } = makeProxyPair();
    const res = await proxy.request(`${SITE}/feeds/google.xml`);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('</item>')) text += new TextDecoder().decode((await reader.read()).value);
    // Time in which a stream that read ahead would have asked for several more pages (each is a few ms here).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await reader.cancel();
    const pages = Math.ceil((await sellableSkus()).length / 500);
    const asked = seen.filter((r) => new URL(r.url).pathname === '/api/feed/items').length;
    // The first item arrived after at most two reads ahead, and the rest of the catalogue was never read.
    expect(pages).toBeGreaterThan(4);
    expect(asked).toBeLessThanOrEqual(3);
  });

  it('refuses a bad page of /api/feed/items with a pt-BR 400', async () => {
    for (const query of ['after=-1', 'limit=0', 'limit=5000', 'after=abc']) {
      const res = await request(`/api/feed/items?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Página do feed inválida.' });
    }
  });
});
