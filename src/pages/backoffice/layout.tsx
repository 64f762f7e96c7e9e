import type { ReactNode } from 'react';
import type { Operator } from '../../contracts/backoffice';

export const BACKOFFICE_NAV: [string, string][] = [
  ['/painel/pedidos', 'Pedidos'],
  ['/painel/trocas', 'Trocas e devoluções'],
  ['/painel/produtos', 'Produtos'],
  ['/painel/estoque', 'Estoque'],
  ['/painel/importar', 'Importar CSV'],
];

/** Back-office frame (same site layout as the account area): section navigation, operator and content. */
export function BackofficeLayout(props: { path: string; title: string; operator: Operator; children: ReactNode }) {
  return (
    <div className="account backoffice">
      <nav className="account__nav" aria-label="Painel da loja">
        <p className="backoffice__who">
          Painel da loja
          <br />
          <small>{props.operator.name}</small>
        </p>
        <ul>
          {BACKOFFICE_NAV.map(([href, label]) => (
            <li key={href}>
              <a href={href} aria-current={props.path.startsWith(href) ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account__main" aria-labelledby="backoffice-title">
        <h1 id="backoffice-title">{props.title}</h1>
        {props.children}
      </section>
    </div>
  );
}
