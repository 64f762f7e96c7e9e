import type { HeaderProps } from '../../../src/ui/header/types';
import { MobileMenu } from '../header/mobile-menu';

/**
 * App webview (ADR 0004): no header, only the hamburger menu floating over the page. Its links carry
 * `data-full-load` (`stores.appMode`), so every menu navigation is a full page load the app can see.
 */
export function AppMenu(props: Pick<HeaderProps, 'menu' | 'whatsappUrl'>) {
  return (
    <div className="app-menu">
      <MobileMenu menu={props.menu} whatsappUrl={props.whatsappUrl} />
    </div>
  );
}
