import type { ListingQuery, ListingResult } from '../contracts/catalog';
import { ga4ListItems, type Ga4List } from '../lib/analytics/ga4';
import { breadcrumbJsonLd } from '../lib/seo/structured-data';
import { activeFilters, clearFilters, hasFilters, listingHref, type ListingBase } from '../lib/catalog/listing-links';
import { listingParams } from '../lib/catalog/listing-url';
import { departmentLinks, popularCategories } from '../lib/menu/menu-tree';
import type { NavItem } from '../lib/menu/nav';
import { ActiveFilters } from '../ui/listing/active-filters';
import { Breadcrumb, type Crumb } from '../ui/listing/breadcrumb';
import { EmptyState } from '../ui/listing/empty-state';
import { Facets } from '../ui/listing/facets';
import { Pagination } from '../ui/listing/pagination';
import { ProductCard } from '../ui/listing/product-card';
import { ListingSort } from '../../client/islands/listing/listing-sort';
import { QuickAdd } from '../../client/islands/cart/quick-add';
import { CardFavorites } from '../../client/islands/listing/card-favorites';
import { LazyIsland } from './lazy-island';
import { PageScript } from './page-script';
import { jsonForHtml } from '../lib/security/json';

/** Cards loaded eagerly: the first row at the widest grid (4 columns). */
const FIRST_ROW = 4;

export interface ListingPageProps {
  title: string;
  crumbs: Crumb[];
  base: ListingBase;
  query: ListingQuery;
  result: ListingResult;
  imageHost: string;
  siteUrl: string;
  menu: NavItem[];
  list: Ga4List;
  /** Search results only: the term as typed, and what it was corrected to (empty when nothing was). */
  search?: { term: string; correctedTo: string };
  /** This response's CSP nonce, for the JSON-LD block. */
  nonce: string;
  /** Favourite item ids (the `favorites` cookie of a signed-in shopper): the hearts render pressed. */
  favoriteIds: number[];
}

function labelsFrom(result: ListingResult, menu: NavItem[]) {
  return (facet: 'cor' | 'departamento', value: string) => {
    const values = facet === 'cor' ? result.facets.colors : result.facets.departments;
    const hit = values.find((v) => v.value === value)?.label;
    if (hit) return hit;
    return (facet === 'departamento' && menu.find((m) => m.href === `/${value}`)?.name) || value.replace(/-/g, ' ');
  };
}

function Empty(props: ListingPageProps & { clearHref: string }) {
  const { query, menu, base, result } = props;
  const departments = departmentLinks(menu).map(({ name, href }) => ({ name, href }));
  if (hasFilters(query)) {
    return (
      <EmptyState
        kind="filters"
        filters={activeFilters(base, query, labelsFrom(result, menu))}
        clearHref={props.clearHref}
        departments={departments}
      />
    );
  }
  if (props.search) {
    const categories = popularCategories(menu).map(({ name, href }) => ({ name, href }));
    return <EmptyState kind="search" term={props.search.term} categories={categories} />;
  }
  return <EmptyState kind="listing" departments={departments} />;
}

/** A listing or search results page: filters, sort, products, pages; every state is a URL. */
export function ListingPage(props: ListingPageProps) {
  const { title, base, query, result, search } = props;
  const filters = activeFilters(base, query, labelsFrom(result, props.menu));
  const clearHref = listingHref(base, clearFilters(query));
  const offset = (result.page - 1) * result.perPage;
  const sortHidden = [...listingParams({ ...query, ordem: undefined, pagina: 1 }, base.extra)];
  const count = `${result.total} ${result.total === 1 ? 'produto' : 'produtos'}`;
  // Nothing to narrow down (an empty search, an empty section): no filter panel, no sort.
  const tools = result.total > 0 || filters.length > 0;
  // GA4 `search` once per search: on the results as first shown, not on each refinement or page.
  const reportSearch = !!search?.term && filters.length === 0 && !query.ordem && query.pagina === 1;
  const favorites = new Set(props.favoriteIds);
  const items = ga4ListItems(result.products, props.list, offset);
  return (
    <div className="listing" data-listing="">
      <Breadcrumb crumbs={props.crumbs} />
      <header className="listing__header">
        <h1 className="listing__title">{title}</h1>
        {search?.correctedTo ? (
          <p className="listing__note">
            Mostrando resultados para <strong>{`“${search.correctedTo}”`}</strong>
            {`. Nenhum resultado exato para “${search.term}”.`}
          </p>
        ) : null}
      </header>
      <div className={`listing__layout${tools ? '' : ' listing__layout--bare'}`}>
        {tools ? (
          <aside className="listing__sidebar" aria-label="Filtros">
            <details className="filters" id="filtros">
              <summary className="filters__toggle">
                Filtrar
                {filters.length > 0 ? <span className="filters__count">{filters.length}</span> : null}
              </summary>
              <div className="filters__body">
                <h2 className="filters__title">Filtrar por</h2>
                <Facets base={base} query={query} facets={result.facets} />
                <a className="filters__done button" href="#produtos">
                  {`Ver ${count}`}
                </a>
              </div>
            </details>
          </aside>
        ) : null}
        <section className="listing__results" id="produtos" aria-label="Resultados">
          <div className={tools ? 'listing__toolbar' : 'visually-hidden'}>
            <p className="listing__count" id="listing-count">
              {count}
            </p>
            {tools ? (
              <LazyIsland
                name="ListingSort"
                component={ListingSort}
                props={{ action: base.path, hidden: sortHidden, value: query.ordem ?? 'relevance' }}
              />
            ) : null}
          </div>
          <ActiveFilters filters={filters} clearHref={clearHref} />
          {result.products.length > 0 ? (
            <>
              <h2 className="visually-hidden">Produtos</h2>
              <ul className="product-grid">
                {result.products.map((p, i) => (
                  <li key={p.id}>
                    <ProductCard
                      product={p}
                      imageHost={props.imageHost}
                      position={i}
                      eager={i < FIRST_ROW}
                      favorite={p.itemIds.some((id) => favorites.has(id))}
                      colors={query.cor}
                    />
                  </li>
                ))}
              </ul>
              <Pagination
                base={base}
                query={query}
                page={result.page}
                pages={result.pages}
                perPage={result.perPage}
                total={result.total}
              />
            </>
          ) : (
            <Empty {...props} clearHref={clearHref} />
          )}
        </section>
      </div>
      <LazyIsland name="QuickAdd" component={QuickAdd} props={{ imageHost: props.imageHost }} />
      {result.products.length > 0 ? (
        <LazyIsland name="CardFavorites" component={CardFavorites} props={{ items }} />
      ) : null}
      <PageScript
        name="ListingTracker"
        props={{
          items,
          searchTerm: reportSearch ? search.term : null,
        }}
      />
      {props.crumbs.length > 1 ? (
        <script
          type="application/ld+json"
          nonce={props.nonce}
          dangerouslySetInnerHTML={{
            __html: jsonForHtml(
              breadcrumbJsonLd(
                props.crumbs.map((c) => ({ name: c.name, path: c.href })),
                props.siteUrl,
              ),
            ),
          }}
        />
      ) : null}
    </div>
  );
}
