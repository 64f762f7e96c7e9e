import { CartIcon, UserIcon } from './icons';

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

/** The cart page without JavaScript; with it, `onOpen` opens the side cart instead. */
export function CartLink({ count, onOpen }: { count: number; onOpen?: () => void }) {
  return (
    <a
      className="site-header__icon site-header__cart"
      href="/sacola"
      onClick={
        onOpen
          ? (event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              onOpen();
            }
          : undefined
      }
      aria-haspopup={onOpen ? 'dialog' : undefined}
      aria-label={`Sacola, ${count} ${count === 1 ? 'item' : 'itens'}`}
    >
      <CartIcon />
      <span className="site-header__badge" aria-hidden="true">
        {count}
      </span>
    </a>
  );
}
