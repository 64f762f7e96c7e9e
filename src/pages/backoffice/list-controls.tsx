// The back-office lists' controls: the status filter, the search box and the pager, all plain GET links and forms.
/** "Página X de Y" with previous/next links that keep the filter. */
export function Pager(props: {
  path: string;
  status?: string;
  q?: string;
  page: number;
  pageSize: number;
  total: number;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages === 1) return null;
  const href = (page: number) => {
    const q = new URLSearchParams({
      ...(props.status ? { status: props.status } : {}),
      ...(props.q ? { q: props.q } : {}),
    });
    if (page > 1) q.set('page', String(page));
    const text = q.toString();
    return text ? `${props.path}?${text}` : props.path;
  };
  return (
    <nav className="backoffice__pager" aria-label="Paginação">
      {props.page > 1 ? <a href={href(props.page - 1)}>← Anterior</a> : null}
      <span>
        Página {props.page} de {pages}
      </span>
      {props.page < pages ? <a href={href(props.page + 1)}>Próxima →</a> : null}
    </nav>
  );
}

/** GET filter by status (works without JavaScript). */
export function StatusFilter(props: {
  action: string;
  labels: Record<string, string>;
  value?: string;
  allLabel: string;
  /** Orders: the search box (order number, e-mail or name). */
  search?: { value?: string };
}) {
  return (
    <form className="backoffice__filter" method="get" action={props.action}>
      {props.search ? (
        <>
          <label htmlFor="backoffice-q">Buscar</label>
          <input
            id="backoffice-q"
            type="search"
            name="q"
            maxLength={120}
            placeholder="Nº do pedido, e-mail ou nome"
            defaultValue={props.search.value ?? ''}
          />
        </>
      ) : null}
      <label htmlFor="backoffice-status">Status</label>
      <select id="backoffice-status" name="status" defaultValue={props.value ?? ''}>
        <option value="">{props.allLabel}</option>
        {Object.entries(props.labels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <button type="submit" className="button">
        Filtrar
      </button>
    </form>
  );
}

/** A list's GET search box (works without JavaScript): products, stock and customers. */
export function SearchFilter(props: { id: string; action: string; placeholder: string; value?: string }) {
  return (
    <form className="backoffice__filter" method="get" action={props.action}>
      <label htmlFor={props.id}>Buscar</label>
      <input
        id={props.id}
        type="search"
        name="q"
        maxLength={120}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ''}
      />
      <button type="submit" className="button">
        Buscar
      </button>
    </form>
  );
}
