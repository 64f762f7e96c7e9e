import type { NavItem } from '../lib/menu/nav';
import { ACCOUNT_PAGES } from './content/account-pages';
import { CONTENT_PAGES } from './content/content-pages';

function Tree({ items }: { items: NavItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          <a href={item.href} target={item.newTab ? '_blank' : undefined} rel={item.newTab ? 'noopener' : undefined}>
            {item.name}
          </a>
          {item.items.length > 0 ? <Tree items={item.items} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function SiteMapPage({ menu }: { menu: NavItem[] }) {
  return (
    <article className="content-page site-map">
      <h1>Mapa do site</h1>
      <h2>Departamentos</h2>
      <Tree items={menu} />
      <h2>Institucional</h2>
      <ul>
        {[...CONTENT_PAGES, ...ACCOUNT_PAGES].map((p) => (
          <li key={p.path}>
            <a href={p.path}>{p.title}</a>
          </li>
        ))}
      </ul>
    </article>
  );
}
