import { useSignals } from '@preact/signals-react/runtime';
import type { HeaderProps } from '../../src/ui/header/types';
import { useStores } from '../stores';
import { AnnouncementStrip } from './header/announcement-strip';
import { DesktopMenu } from './header/desktop-menu';
import { MobileMenu } from './header/mobile-menu';
import { PromotionBanner } from './header/promotion-banner';
import { SearchBox } from './header/search-box';

/** The whole header is one island: strip, banner, main bar (logo, menus, search, account, bag). */
export function Header(props: HeaderProps) {
  useSignals();
  const { cart } = useStores();
  return (
    <header className={`site-header${props.transparent ? ' site-header--transparent' : ''}`}>
      <AnnouncementStrip />
      {props.promotion ? <PromotionBanner promotion={props.promotion} /> : null}
      <div className="site-header__bar">
        <MobileMenu menu={props.menu} whatsappUrl={props.whatsappUrl} />
        <a className="site-header__logo" href="/" aria-label="Vitrine, página inicial">
          VITRINE
        </a>
        <DesktopMenu menu={props.menu} />
        <SearchBox />
        <a className="site-header__icon" href="/minha-conta" aria-label="Minha conta">
          Conta
        </a>
        <a className="site-header__icon" href="/cart/ecommerce-app" aria-label={`Sacola, ${cart.count.value} itens`}>
          Sacola <span className="badge">{cart.count.value}</span>
        </a>
      </div>
    </header>
  );
}
