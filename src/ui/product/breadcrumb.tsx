import type { TrailLink } from '../../lib/seo/breadcrumb';

export function Breadcrumb({ trail }: { trail: TrailLink[] }) {
  return (
    <nav className="pdp-breadcrumb" aria-label="Você está em">
      <ol>
        {trail.map((link, i) => (
          <li key={i}>
            {link.href ? <a href={link.href}>{link.name}</a> : <span aria-current="page">{link.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
