import { useSignals } from '@preact/signals-react/runtime';
import type { HeaderProps } from '../../src/ui/header/types';
import { useStores } from '../stores';

export function Header(props: HeaderProps) {
  useSignals();
  const { cart } = useStores();
  return (
    <header className={`site-header${props.transparent ? ' site-header--transparent' : ''}`}>
      <div className="site-header__bar">
        <a className="site-header__logo" href="/" aria-label="Vitrine, página inicial">
          VITRINE
        </a>
        <nav aria-label="Menu principal">
          <ul className="top-menu">
            {props.menu.map((item) => (
              <li key={item.id}>
                <a href={item.href} target={item.newTab ? '_blank' : undefined}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <a href="/minha-conta" aria-label="Minha conta">
          Conta
        </a>
        <a href="/cart/ecommerce-app" aria-label={`Sacola, ${cart.count.value} itens`}>
          Sacola <span className="badge">{cart.count.value}</span>
        </a>
      </div>
    </header>
  );
}
