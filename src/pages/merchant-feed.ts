import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { DomainError } from '../commerce/domain-error';
import type { CommercePort } from '../commerce/port';
import type { FeedPage } from '../contracts/feed';
import type { AppEnv } from '../env';
import { dict } from '../lib/security/dict';
import { feedAttributes } from '../lib/seo/merchant-feed';
import { TSV_HEAD, tsvRow, XML_TAIL, xmlHead, xmlItem } from '../lib/seo/merchant-feed-format';
import type { SiteUrls } from '../lib/seo/structured-data';
import {
  contentVersion,
  edgeCache,
  edgeKey,
  later,
  servedFromCache,
  SHARED_CACHE_CONTROL,
  storedAge,
  storedVersion,
  storeStreamed,
} from '../edge-cache';

/**
 * Google Merchant Center's product feed, one item per sellable variant, as RSS 2.0 (`/feeds/google.xml`) and as TSV
 * (`/feeds/google.tsv`). Streamed: the variants are read through the port a page at a time (keyset on the SKU id)
 * as the client reads, so the catalogue is never held whole. Edge-cached like the pages (ADR 0018): the stored copy
 * carries the content version it was rendered at, and a catalog change makes it a miss.
 */

/** Variants per read: one D1 query each (10,000 products are about 120 reads). */
export const FEED_PAGE_SIZE = 500;
/** The stored feed serves this long at the same content version (the sale window is the only thing the clock moves). */
const FEED_FRESH_SECONDS = 3600;

type Format = 'xml' | 'tsv';
const CONTENT_TYPE: Record<Format, string> = dict({
  xml: 'application/xml; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
});

const CHANNEL = { title: 'Vitrine', description: 'Moda, moda praia e fitness da Vitrine.' };

function feedHead(format: Format, siteUrl: string): string {
  return format === 'xml' ? xmlHead({ ...CHANNEL, link: siteUrl }) : TSV_HEAD;
}

/**
 * The feed as a byte stream that reads the next page only when the reader wants more (`highWaterMark` 0), so at most
 * one page of variants is in memory, whatever the catalogue's size.
 */
export function feedStream(
  commerce: Pick<CommercePort, 'feedPage'>,
  first: FeedPage,
  format: Format,
  urls: SiteUrls,
  now: Date,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  let page: FeedPage | null = first;
  let head = true;
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      async pull(controller) {
        if (head) {
          head = false;
          controller.enqueue(encoder.encode(feedHead(format, urls.siteUrl)));
          return;
        }
        if (!page) return;
        const attrs = page.items.map((item) => feedAttributes(item, urls, now));
        controller.enqueue(encoder.encode(attrs.map(format === 'xml' ? xmlItem : tsvRow).join('')));
        if (page.next === null) {
          page = null;
          if (format === 'xml') controller.enqueue(encoder.encode(XML_TAIL));
          controller.close();
          return;
        }
        page = await commerce.feedPage({ after: page.next, limit: FEED_PAGE_SIZE });
      },
    },
    { highWaterMark: 0 },
  );
}

/** A fresh render: the first page is read before answering, so a backend that is down is a 503, not a cut feed. */
async function render(c: Context<AppEnv>, format: Format): Promise<ReadableStream<Uint8Array<ArrayBuffer>>> {
  const urls = { siteUrl: c.var.config.siteUrl, imageHost: c.var.config.imageHost };
  const first = await c.var.commerce.feedPage({ after: 0, limit: FEED_PAGE_SIZE });
  return feedStream(c.var.commerce, first, format, urls, new Date());
}

async function serveFeed(c: Context<AppEnv>, format: Format): Promise<Response> {
  // Only the production host is the shop Google lists (elsewhere noindex, as robots.txt says).
  if (c.var.noindex) return c.notFound();
  const headers = { 'Content-Type': CONTENT_TYPE[format], 'Cache-Control': SHARED_CACHE_CONTROL };
  const url = new URL(c.req.url);
  url.search = '';
  // With an upstream the catalog has no content version: rendered on every request, as the pages are.
  const cached = !c.var.config.upstream;
  const key = edgeKey({
    url,
    host: c.req.header('host') ?? url.host,
    appMode: false,
    noindex: false,
    color: undefined,
  });
  const [version, hit] = cached ? await Promise.all([contentVersion(c), edgeCache().match(key)]) : [null, undefined];
  if (hit && version !== null && storedVersion(hit) === version && storedAge(hit) <= FEED_FRESH_SECONDS) {
    const served = servedFromCache(hit, c.req.header('accept-encoding'), 'HIT');
    served.headers.set('Cache-Control', SHARED_CACHE_CONTROL);
    return served;
  }
  await hit?.body?.cancel();
  let body: ReadableStream<Uint8Array<ArrayBuffer>>;
  try {
    body = await render(c, format);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return c.text('Feed de produtos indisponível no momento.', 503, { 'Retry-After': '300' });
  }
  if (version === null) return c.body(body, 200, { ...headers, 'X-Edge-Cache': 'BYPASS' });
  const stamp = { version, route: routePath(c), seconds: FEED_FRESH_SECONDS };
  const { client, done } = withStoredCopy(body, (copy) => storeStreamed(key, copy, headers, stamp));
  // The client's stream ends once the copy is stored; if the client goes away, the copy is dropped (never half stored).
  void later(c, done);
  return c.body(client, 200, { ...headers, 'X-Edge-Cache': 'MISS' });
}

/**
 * One render read by two: the client and the stored copy. Each chunk goes to both before the next is read, so the
 * slower one sets the pace and neither holds more than a chunk (a `tee()` buffers whatever the slower branch has not
 * read: the whole feed for a slow client). The client's stream closes only after the copy is stored.
 */
export function withStoredCopy(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  store: (copy: ReadableStream<Uint8Array<ArrayBuffer>>) => Promise<void>,
): { client: ReadableStream<Uint8Array<ArrayBuffer>>; done: Promise<void> } {
  const toClient = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>();
  const toCache = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>();
  const stored = store(toCache.readable);
  stored.catch(() => undefined); // awaited below; this only keeps an early failure from reading as unhandled
  const done = (async () => {
    const reader = body.getReader();
    const [client, copy] = [toClient.writable.getWriter(), toCache.writable.getWriter()];
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read())
        await Promise.all([client.write(next.value), copy.write(next.value)]);
      await copy.close();
      await stored;
      await client.close();
    } catch (error) {
      await Promise.allSettled([reader.cancel(error), client.abort(error), copy.abort(error), stored]);
      throw error;
    }
  })();
  return { client: toClient.readable, done };
}

export const merchantFeedRoutes = new Hono<AppEnv>()
  .get('/feeds/google.xml', (c) => serveFeed(c, 'xml'))
  .get('/feeds/google.tsv', (c) => serveFeed(c, 'tsv'));
