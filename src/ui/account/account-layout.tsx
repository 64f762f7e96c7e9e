import type { ReactNode } from 'react';

export const ACCOUNT_NAV: [string, string][] = [
  ['/minha-conta', 'Visão geral'],
  ['/minha-conta/perfil', 'Meus dados'],
  ['/minha-conta/pedidos', 'Meus pedidos'],
  ['/minha-conta/enderecos', 'Endereços'],
  ['/minha-conta/favoritos', 'Favoritos'],
  ['/minha-conta/cashback', 'Cashback'],
  ['/minha-conta/trocas-devolucoes', 'Trocas e devoluções'],
  ['/minha-conta/vendas', 'Minhas vendas'],
];

/** "Minhas vendas" is for accounts with a seller code (its page stays reachable, and listed while on it). */
export const forAccount = (href: string, seller: boolean, path?: string) =>
  seller || href !== '/minha-conta/vendas' || href === path;

/** Account area frame: section navigation (current page marked) and the page's content. */
export function AccountLayout(props: { path: string; title: string; seller: boolean; children: ReactNode }) {
  const { path, title, children } = props;
  return (
    <div className="account">
      <nav className="account__nav" aria-label="Minha conta">
        <ul>
          {ACCOUNT_NAV.filter(([href]) => forAccount(href, props.seller, path)).map(([href, label]) => (
            <li key={href}>
              <a href={href} aria-current={href === path ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
        <form method="post" action="/sair" data-logout="">
          <button type="submit" className="account__logout">
            Sair
          </button>
        </form>
      </nav>
      <section className="account__main" aria-labelledby="account-title">
        <h1 id="account-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
