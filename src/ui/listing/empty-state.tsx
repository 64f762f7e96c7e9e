import type { ActiveFilter } from '../../lib/catalog/listing-links';

export interface LinkItem {
  name: string;
  href: string;
}

type EmptyStateProps =
  | { kind: 'filters'; filters: ActiveFilter[]; clearHref: string; departments: LinkItem[] }
  | { kind: 'listing'; departments: LinkItem[] }
  | { kind: 'search'; term: string; categories: LinkItem[] };

function Links({ title, items }: { title: string; items: LinkItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="empty-state__links" aria-label={title}>
      <h3 className="empty-state__subtitle">{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a className="chip chip--link" href={item.href}>
              {item.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A dead end that is not one: why nothing shows, and where to go from here. */
export function EmptyState(props: EmptyStateProps) {
  if (props.kind === 'filters') {
    return (
      <div className="empty-state">
        <h2 className="empty-state__title">Nenhum produto com esses filtros</h2>
        <p>Tente remover um dos filtros abaixo ou escolher outro tamanho, cor ou faixa de preço.</p>
        <ul className="empty-state__chips">
          {props.filters.map((f) => (
            <li key={`${f.facet}:${f.label}`}>
              <a className="chip" href={f.removeHref} rel="nofollow" data-no-prefetch="">
                {`Remover ${f.facet.toLowerCase()}: ${f.label} `}
                <span aria-hidden="true">×</span>
              </a>
            </li>
          ))}
        </ul>
        <p>
          <a className="button" href={props.clearHref} rel="nofollow">
            Limpar filtros
          </a>
        </p>
        <Links title="Ou navegue pelos departamentos" items={props.departments} />
      </div>
    );
  }
  if (props.kind === 'listing') {
    return (
      <div className="empty-state">
        <h2 className="empty-state__title">Novidades chegando em breve</h2>
        <p>Ainda não há produtos nesta seção. Enquanto isso, confira os nossos departamentos.</p>
        <Links title="Departamentos" items={props.departments} />
      </div>
    );
  }
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">
        {props.term ? `Não encontramos resultados para “${props.term}”` : 'O que você está procurando?'}
      </h2>
      <ul className="empty-state__tips">
        {props.term ? <li>Confira se a palavra está escrita corretamente.</li> : null}
        <li>Use termos mais gerais, como “biquíni”, “legging” ou “vestido”.</li>
        <li>Busque por menos palavras ou pela cor: “top preto”.</li>
      </ul>
      <Links title="Categorias populares" items={props.categories} />
      <p>
        <a className="button" href="/novidades">
          Ver as novidades
        </a>
      </p>
    </div>
  );
}
