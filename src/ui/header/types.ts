import type { NavItem } from '../../lib/nav';
import type { Promotion } from '../../lib/promotion';

export interface HeaderProps {
  menu: NavItem[];
  promotion: Promotion | null;
  /** Home: the header goes transparent over the page. */
  transparent: boolean;
  /** Click-to-chat URL for the service links; null when unavailable. */
  whatsappUrl: string | null;
  /** The search page's term: the search box shows what was searched (absent elsewhere). */
  searchTerm?: string;
}
