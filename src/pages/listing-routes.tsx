import type { Context } from 'hono';
import { ListingQuerySchema, type ListingQuery, type ListingResult } from '../contracts/catalog';
import type { AppEnv } from '../env';
import { hasFilters, listingHref, pageHref, queryRecord, type ListingBase } from '../lib/catalog/listing-links';
import { menuTrail } from '../lib/menu/menu-tree';
import { correctedPhrase } from '../lib/catalog/search-note';
import { foldText } from '../lib/format/text';
import type { PageMeta } from './document';
import { ListingPage } from './listing';
import { NOT_FOUND_META, NotFoundPage } from './not-found';
import { renderLoaded } from './render';
import { loadShell } from './shell-data';

const MAX_TERM = 100;

/** The listing state from the URL; anything malformed falls back to the default (never a 500). */
export function listingQuery(url: string): ListingQuery {
  const parsed = ListingQuerySchema.safeParse(queryRecord(new URL(url).searchParams));
  return parsed.success ? parsed.data : ListingQuerySchema.parse({});
}

/** Title, canonical (the clean list; later pages keep `?pagina=` only when unfiltered) and rel prev/next. */
function listMeta(
  title: string,
  description: string,
  canonical: ListingBase,
  base: ListingBase,
  query: ListingQuery,
  result: ListingResult,
): PageMeta {
  const { page, pages } = result;
  const clean = !hasFilters(query) && !query.ordem;
  return {
    title: page > 1 ? `${title} – Página ${page}` : title,
    description,
    canonicalPath: listingHref(canonical, clean ? { pagina: page } : {}),
    prevPath: page > 1 ? pageHref(base, query, page - 1) : undefined,
    nextPath: page < pages ? pageHref(base, query, page + 1) : undefined,
  };
}

const productsText = (n: number) => `${n} ${n === 1 ? 'produto' : 'produtos'}`;

/** `/:details`: a Menu-Topo entry's listing; an unknown entry or a page past the end is a 404 before rendering. */
export async function listingRoute(c: Context<AppEnv>, details: string): Promise<Response> {
  const base = { path: `/${details}` };
  const query = listingQuery(c.req.url);
  const [shell, result] = await Promise.all([
    loadShell(c, { transparent: false }),
    c.var.commerce.listing(details, query),
  ]);
  const trail = menuTrail(shell.header.menu, base.path);
  if (!trail || query.pagina > result.pages)
    return renderLoaded(c, shell, <NotFoundPage />, { status: 404, meta: NOT_FOUND_META });
  const entry = trail[trail.length - 1]!;
  const crumbs = [{ name: 'Início', href: '/' }, ...(trail.length > 1 ? [trail[0]!] : []), entry].map(
    ({ name, href }) => ({ name, href }),
  );
  const description = `${entry.name} na Vitrine: ${productsText(result.total)} com parcelamento em até 6x sem juros e 10% de cashback.`;
  const page = (
    <ListingPage
      {...{ title: entry.name, crumbs, base, query, result, menu: shell.header.menu }}
      imageHost={c.var.config.imageHost}
      nonce={c.var.nonce}
      siteUrl={c.var.config.siteUrl}
      list={{ item_list_id: details, item_list_name: entry.name }}
      favoriteIds={shell.favoriteIds}
    />
  );
  return renderLoaded(c, shell, page, { meta: listMeta(entry.name, description, base, base, query, result) });
}

/** `/search?q=`: the same listing over full-text results, with the corrected-spelling note. */
export async function searchRoute(c: Context<AppEnv>): Promise<Response> {
  const term = (c.req.query('q') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_TERM);
  const base = { path: '/search', extra: { q: term } };
  const query = listingQuery(c.req.url);
  const [shell, result] = await Promise.all([
    loadShell(c, { transparent: false, searchTerm: term }),
    // A backend that cannot answer fails the page (branded 503): never "0 produtos" that looks like a real result.
    c.var.commerce.search(term, query),
  ]);
  if (query.pagina > result.pages)
    return renderLoaded(c, shell, <NotFoundPage />, { status: 404, meta: NOT_FOUND_META });
  const title = term ? `Resultados para “${term}”` : 'Buscar produtos';
  const canonical = term ? { path: '/search', extra: { q: foldText(term) } } : { path: '/search' };
  const description = term
    ? `${productsText(result.total)} para “${term}” na Vitrine.`
    : 'Busque biquínis, leggings, vestidos e mais na Vitrine.';
  const page = (
    <ListingPage
      {...{ title, base, query, result, menu: shell.header.menu }}
      crumbs={[
        { name: 'Início', href: '/' },
        { name: 'Busca', href: '/search' },
      ]}
      imageHost={c.var.config.imageHost}
      siteUrl={c.var.config.siteUrl}
      list={{ item_list_id: 'search_results', item_list_name: 'Resultados da busca' }}
      search={{ term, correctedTo: correctedPhrase(term, result.corrected) }}
      nonce={c.var.nonce}
      favoriteIds={shell.favoriteIds}
    />
  );
  return renderLoaded(c, shell, page, { meta: listMeta(title, description, canonical, base, query, result) });
}
