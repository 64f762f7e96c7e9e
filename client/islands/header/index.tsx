import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { AccountLink, CartLink, Logo } from '../../../src/ui/header/header-links';
import type { HeaderProps } from '../../../src/ui/header/types';
import { useStores } from '../../stores';
import { AnnouncementStrip } from './announcement-strip';
import { DesktopMenu } from './desktop-menu';
import { MobileMenu } from './mobile-menu';
import { PromotionBanner } from './promotion-banner';
import { SearchBox } from './search-box';

/** The header outlives client-side navigations, so it follows the route for the home-only transparency. */
function useTransparent(initial: boolean): boolean {
  const [transparent, setTransparent] = useState(initial);
  useEffect(() => {
    const onNavigate = () => setTransparent(location.pathname === '/');
    window.addEventListener('vitrine:navigate', onNavigate);
    return () => window.removeEventListener('vitrine:navigate', onNavigate);
  }, []);
  return transparent;
}

/** The whole header is one island: strip, banner, main bar (logo, menus, search, account, cart). */
export function Header(props: HeaderProps) {
  useSignals();
  const { cart, ui } = useStores();
  const transparent = useTransparent(props.transparent);
  return (
    <header className={`site-header${transparent ? ' site-header--transparent' : ''}`}>
      {props.preview ? (
        <p className="preview-bar" data-testid="content-preview">
          Prévia do rascunho: só você vê este conteúdo. <a href="/painel/conteudo">Voltar ao painel</a>
        </p>
      ) : null}
      <AnnouncementStrip messages={props.announcements} />
      {props.promotion ? <PromotionBanner promotion={props.promotion} /> : null}
      <div className="site-header__bar">
        <MobileMenu menu={props.menu} whatsappUrl={props.whatsappUrl} />
        <Logo />
        <DesktopMenu menu={props.menu} />
        <SearchBox term={props.searchTerm} />
        <AccountLink />
        <CartLink count={cart.count.value} onOpen={() => ui.openCart()} />
      </div>
    </header>
  );
}
