import { BagIcon, UserIcon } from './icons';

export function Logo() {
  return (
    <a className="site-header__logo" href="/" aria-label="Vitrine, página inicial">
      VITRINE
    </a>
  );
}

export function AccountLink() {
  return (
    <a className="site-header__icon" href="/minha-conta" aria-label="Minha conta">
      <UserIcon />
    </a>
  );
}

export function BagLink({ count }: { count: number }) {
  return (
    <a className="site-header__icon site-header__bag" href="/cart/ecommerce-app" aria-label={`Sacola, ${count} ${count === 1 ? 'item' : 'itens'}`}>
      <BagIcon />
      <span className="site-header__badge" aria-hidden="true">
        {count}
      </span>
    </a>
  );
}
