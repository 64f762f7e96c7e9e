import type { HeaderProps, HeaderWireProps } from '../../../src/ui/header/types';
import type { Stores } from '../../stores';
import { DEFAULT_STRIP } from '../../../src/ui/header/announcements';

/**
 * The Header island's props from what the page carries: the menu comes from `menuUrl` (src/pages/header-menu.ts),
 * which the page prefetched while idle, so hydration usually finds it in the browser's cache.
 */
export async function headerProps(wire: HeaderWireProps, stores: Stores): Promise<HeaderProps> {
  const { menuUrl, announcements, ...rest } = wire;
  return {
    ...rest,
    announcements: announcements ?? [...DEFAULT_STRIP],
    menu: await stores.gateways.catalog.headerMenu(menuUrl),
  };
}
