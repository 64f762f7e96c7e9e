import type { CSSProperties, ReactNode } from 'react';
import type { FacetValue, Facets as FacetData, ListingQuery, PriceBucketKey } from '../../contracts/catalog';
import { listingHref, togglePrice, type ListingBase } from '../../lib/listing-links';
import { toggleValue } from '../../lib/listing-url';
import { compareSizes } from '../../lib/sizes';

interface FacetsProps {
  base: ListingBase;
  query: ListingQuery;
  facets: FacetData;
}

/** A facet value is a link to the state with that value toggled: crawlable, shareable, works without JS. */
function Option({
  href,
  value,
  selected,
  swatch,
}: {
  href: string;
  value: FacetValue;
  selected: boolean;
  swatch?: string;
}) {
  return (
    <li>
      <a
        className={`facet-option${selected ? ' is-selected' : ''}`}
        href={href}
        rel="nofollow"
        data-facet-link=""
        data-no-prefetch=""
      >
        {swatch ? (
          <span className="facet-option__swatch" style={{ '--swatch': swatch } as CSSProperties} aria-hidden="true" />
        ) : null}
        <span className="facet-option__label">{value.label}</span>
        <span className="facet-option__count">
          {value.count}
          <span className="visually-hidden">{value.count === 1 ? ' produto' : ' produtos'}</span>
        </span>
        {selected ? <span className="visually-hidden"> (selecionado, clique para remover)</span> : null}
      </a>
    </li>
  );
}

/** Keeps chosen values visible (to remove them) even when the other filters leave them with no products. */
function withSelected(values: FacetValue[], selected: readonly string[]): FacetValue[] {
  const missing = selected
    .filter((v) => !values.some((x) => x.value === v))
    .map((v) => ({ value: v, label: v, count: 0 }));
  return [...values, ...missing];
}

function Group({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`facet ${className ?? ''}`} aria-labelledby={id}>
      <h3 className="facet__title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

export function Facets({ base, query, facets }: FacetsProps) {
  const sizes = withSelected(facets.sizes, query.tamanho).sort((a, b) => compareSizes(a.value, b.value));
  const colors = withSelected(facets.colors, query.cor);
  const departments = withSelected(facets.departments, query.departamento);
  const prices = withSelected(facets.prices, query.preco ? [query.preco] : []);
  return (
    <div className="facets">
      {sizes.length > 0 ? (
        <Group id="facet-tamanho" title="Tamanho" className="facet--sizes">
          <ul className="facet__options">
            {sizes.map((v) => (
              <Option
                key={v.value}
                value={v}
                selected={query.tamanho.includes(v.value)}
                href={listingHref(base, toggleValue(query, 'tamanho', v.value))}
              />
            ))}
          </ul>
        </Group>
      ) : null}
      {colors.length > 0 ? (
        <Group id="facet-cor" title="Cor" className="facet--colors">
          <ul className="facet__options">
            {colors.map((v) => (
              <Option
                key={v.value}
                value={v}
                swatch={v.hex ?? '#ccc'}
                selected={query.cor.includes(v.value)}
                href={listingHref(base, toggleValue(query, 'cor', v.value))}
              />
            ))}
          </ul>
        </Group>
      ) : null}
      {prices.length > 0 ? (
        <Group id="facet-preco" title="Preço" className="facet--prices">
          <ul className="facet__options">
            {prices.map((v) => (
              <Option
                key={v.value}
                value={v}
                selected={query.preco === v.value}
                href={listingHref(base, togglePrice(query, v.value as PriceBucketKey))}
              />
            ))}
          </ul>
        </Group>
      ) : null}
      {departments.length > 1 || query.departamento.length > 0 ? (
        <Group id="facet-departamento" title="Departamento" className="facet--departments">
          <ul className="facet__options">
            {departments.map((v) => (
              <Option
                key={v.value}
                value={v}
                selected={query.departamento.includes(v.value)}
                href={listingHref(base, toggleValue(query, 'departamento', v.value))}
              />
            ))}
          </ul>
        </Group>
      ) : null}
    </div>
  );
}
