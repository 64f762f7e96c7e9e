import type { NavItem } from '../../lib/menu/nav';
import type { Promotion } from '../../lib/catalog/promotion';
import type { StripMessage } from '../../contracts/content';

export interface HeaderProps {
  menu: NavItem[];
  promotion: Promotion | null;
  /** The announcement strip's five messages (the back office's, ADR 0033). */
  announcements: StripMessage[];
  /** A staff member previews the content draft: the header says so. */
  preview?: boolean;
  /** Home: the header goes transparent over the page. */
  transparent: boolean;
  /** Click-to-chat URL for the service links; null when unavailable. */
  whatsappUrl: string | null;
  /** The search page's term: the search box shows what was searched (absent elsewhere). */
  searchTerm?: string;
}

/**
 * What a page carries for the Header island: its props less the menu, which the island fetches from `menuUrl`
 * (src/pages/header-menu.ts) when it hydrates; the server renders the header with the whole menu. The strip's
 * messages travel only when they are not the built-in ones (the client has those), keeping every page's JSON small.
 */
export type HeaderWireProps = Omit<HeaderProps, 'menu' | 'announcements'> & {
  menuUrl: string;
  announcements?: StripMessage[];
};
