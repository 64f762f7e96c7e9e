export interface Crumb {
  name: string;
  href: string;
}

/** Home › department › entry; the last crumb is the current page (not a link). */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Você está em">
      <ol>
        {crumbs.map((c, i) => (
          <li key={c.href}>
            {i === crumbs.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.href}>{c.name}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
