import type { FacetValue, Facets as FacetData, ListingQuery, PriceBucketKey } from '../../contracts/catalog';
import { listingHref, togglePrice, type ListingBase } from '../../lib/catalog/listing-links';
import { toggleValue } from '../../lib/catalog/listing-url';
import { compareSizes } from '../../lib/catalog/sizes';
import { SwatchFill } from '../swatch-fill';

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
          <span className="facet-option__swatch" aria-hidden="true">
            <SwatchFill color={swatch} />
          </span>
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

/** One facet: a titled list of toggle links (`name` is the URL key, and names the heading's id). */
function FacetGroup({
  name,
  title,
  className,
  values,
  isSelected,
  hrefOf,
  swatchOf,
}: {
  name: string;
  title: string;
  className: string;
  values: FacetValue[];
  isSelected: (value: string) => boolean;
  hrefOf: (value: string) => string;
  swatchOf?: (value: FacetValue) => string;
}) {
  if (values.length === 0) return null;
  const id = `facet-${name}`;
  return (
    <section className={`facet ${className}`} aria-labelledby={id}>
      <h3 className="facet__title" id={id}>
        {title}
      </h3>
      <ul className="facet__options">
        {values.map((v) => (
          <Option
            key={v.value}
            value={v}
            swatch={swatchOf?.(v)}
            selected={isSelected(v.value)}
            href={hrefOf(v.value)}
          />
        ))}
      </ul>
    </section>
  );
}

export function Facets({ base, query, facets }: FacetsProps) {
  const sizes = withSelected(facets.sizes, query.tamanho).sort((a, b) => compareSizes(a.value, b.value));
  const colors = withSelected(facets.colors, query.cor);
  const departments = withSelected(facets.departments, query.departamento);
  const prices = withSelected(facets.prices, query.preco ? [query.preco] : []);
  // Size, colour and department take several values each; a value's link adds or removes it.
  const multi = (key: 'tamanho' | 'cor' | 'departamento') => ({
    name: key,
    isSelected: (value: string) => query[key].includes(value),
    hrefOf: (value: string) => listingHref(base, toggleValue(query, key, value)),
  });
  return (
    <div className="facets">
      <FacetGroup title="Tamanho" className="facet--sizes" values={sizes} {...multi('tamanho')} />
      <FacetGroup
        title="Cor"
        className="facet--colors"
        values={colors}
        swatchOf={(v) => v.hex ?? '#ccc'}
        {...multi('cor')}
      />
      <FacetGroup
        name="preco"
        title="Preço"
        className="facet--prices"
        values={prices}
        isSelected={(value) => query.preco === value}
        hrefOf={(value) => listingHref(base, togglePrice(query, value as PriceBucketKey))}
      />
      {/* A single department is no choice, unless it is the one selected. */}
      {departments.length > 1 || query.departamento.length > 0 ? (
        <FacetGroup
          title="Departamento"
          className="facet--departments"
          values={departments}
          {...multi('departamento')}
        />
      ) : null}
    </div>
  );
}
