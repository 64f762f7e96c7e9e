import type { NavItem } from '../../lib/menu/nav';
import { MenuAnchor } from './menu-anchor';

type Link = Pick<NavItem, 'href' | 'newTab'> & { label: string };

/** Spec §2: customer service, shopping by chat, the store locator and the international shop. */
export const SERVICE_LINKS: readonly Link[] = [
  { label: 'Atendimento', href: '/perguntas-frequentes', newTab: false },
  { label: 'Compre pelo WhatsApp', href: '/whts-lojas', newTab: false },
  { label: 'Nossas lojas', href: '/whts-lojas#lojas', newTab: false },
  { label: 'Loja internacional', href: 'https://international.vitrine.com.br', newTab: true },
];

/** Greeting and account button when logged in; login and registration links otherwise. */
export function MenuAccount({ firstName, fullLoad }: { firstName: string | null; fullLoad: boolean }) {
  if (firstName) {
    return (
      <div className="menu-account">
        <p className="menu-account__hello">Olá, {firstName}</p>
        <MenuAnchor item={{ href: '/minha-conta', newTab: false }} fullLoad={fullLoad} className="menu-account__button">
          Acessar minha conta
        </MenuAnchor>
      </div>
    );
  }
  return (
    <div className="menu-account">
      <MenuAnchor item={{ href: '/login', newTab: false }} fullLoad={fullLoad} className="menu-account__button">
        Faça o login
      </MenuAnchor>
      <MenuAnchor item={{ href: '/cadastro', newTab: false }} fullLoad={fullLoad} className="menu-account__link">
        Cadastre-se
      </MenuAnchor>
    </div>
  );
}

/** The service links, minus any the menu data already lists (e.g. the international shop entry). */
export function MenuServiceLinks({ menu, fullLoad }: { menu: NavItem[]; fullLoad: boolean }) {
  const links = SERVICE_LINKS.filter((link) => !menu.some((entry) => entry.href === link.href));
  return (
    <ul className="menu-service">
      {links.map((link) => (
        <li key={link.href}>
          <MenuAnchor item={link} fullLoad={fullLoad}>
            {link.label}
          </MenuAnchor>
        </li>
      ))}
    </ul>
  );
}
