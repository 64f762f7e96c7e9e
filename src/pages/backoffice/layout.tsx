import type { ReactNode } from 'react';
import type { Operator } from '../../contracts/staff';
import { ROLE_LABELS, type Permission } from '../../commerce/staff/permissions';

/** The sections; a section behind a permission shows only to the roles that have it. */
export const BACKOFFICE_NAV: [string, string, Permission | null][] = [
  ['/painel/pedidos', 'Pedidos', null],
  ['/painel/trocas', 'Trocas e devoluções', null],
  ['/painel/produtos', 'Produtos', null],
  ['/painel/estoque', 'Estoque', null],
  ['/painel/importar', 'Importar CSV', 'catalog:write'],
  ['/painel/cupons', 'Cupons e vendedores', null],
  ['/painel/conteudo', 'Conteúdo', null],
  ['/painel/clientes', 'Clientes', null],
  ['/painel/equipe', 'Equipe', null],
  ['/painel/auditoria', 'Auditoria', 'audit:read'],
];

/** Back-office frame (same site layout as the account area): section navigation, staff member and content. */
export function BackofficeLayout(props: { path: string; title: string; operator: Operator; children: ReactNode }) {
  const nav = BACKOFFICE_NAV.filter(
    ([, , permission]) => !permission || props.operator.permissions.includes(permission),
  );
  return (
    <div className="account backoffice">
      <nav className="account__nav" aria-label="Painel da loja">
        <p className="backoffice__who">
          Painel da loja
          <br />
          <small>
            {props.operator.name} · {ROLE_LABELS[props.operator.role]}
          </small>
        </p>
        <ul>
          {nav.map(([href, label]) => (
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
