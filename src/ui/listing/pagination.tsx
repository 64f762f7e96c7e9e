import type { ListingQuery } from '../../contracts/catalog';
import { pageHref, type ListingBase } from '../../lib/catalog/listing-links';
import { pageRange, pageWindow } from '../../lib/catalog/pagination';

interface PaginationProps {
  base: ListingBase;
  query: ListingQuery;
  page: number;
  pages: number;
  perPage: number;
  total: number;
}

/** Progress ("Você viu 24 de 124 produtos") and crawlable page links. */
export function Pagination({ base, query, page, pages, perPage, total }: PaginationProps) {
  const { to } = pageRange(page, perPage, total);
  return (
    <nav className="pagination" aria-label="Paginação">
      <p className="pagination__progress">
        {`Você viu ${to} de ${total} ${total === 1 ? 'produto' : 'produtos'}`}
        <progress className="pagination__bar" max={Math.max(total, 1)} value={to} aria-hidden="true" />
      </p>
      {pages > 1 ? (
        <ul className="pagination__pages">
          <li>
            {page > 1 ? (
              <a className="pagination__step" href={pageHref(base, query, page - 1)} rel="prev">
                <span aria-hidden="true">‹</span> Anterior
              </a>
            ) : (
              <span className="pagination__step is-disabled" aria-hidden="true">
                ‹ Anterior
              </span>
            )}
          </li>
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <a
                  className={`pagination__page${p === page ? ' is-current' : ''}`}
                  href={pageHref(base, query, p)}
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={`Página ${p}`}
                >
                  {p}
                </a>
              </li>
            ),
          )}
          <li>
            {page < pages ? (
              <a className="pagination__step" href={pageHref(base, query, page + 1)} rel="next">
                Próxima <span aria-hidden="true">›</span>
              </a>
            ) : (
              <span className="pagination__step is-disabled" aria-hidden="true">
                Próxima ›
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
