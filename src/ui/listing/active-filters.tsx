import type { ActiveFilter } from '../../lib/catalog/listing-links';

/** Chosen filters as removable chips, plus one link that clears them all (keeping the sort). */
export function ActiveFilters({ filters, clearHref }: { filters: ActiveFilter[]; clearHref: string }) {
  if (filters.length === 0) return null;
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">Filtros aplicados</h2>
      <ul className="active-filters__list">
        {filters.map((f) => (
          <li key={`${f.facet}:${f.label}`}>
            <a className="chip" href={f.removeHref} rel="nofollow" data-facet-link="" data-no-prefetch="">
              <span className="chip__facet">{`${f.facet}:`}</span>
              {` ${f.label}`}
              <span className="chip__remove" aria-hidden="true">
                ×
              </span>
              <span className="visually-hidden"> (remover filtro)</span>
            </a>
          </li>
        ))}
      </ul>
      <a className="active-filters__clear" href={clearHref} rel="nofollow" data-no-prefetch="">
        Limpar filtros
      </a>
    </div>
  );
}
