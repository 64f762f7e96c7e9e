import type { NavItem } from '../../../src/lib/nav';
import type { Promotion } from '../../../src/lib/promotion';

// Placeholder: being built (see issue 2).
export function SearchBox(_props: Record<string, never>) {
  void (null as unknown as NavItem | Promotion);
  return null;
}
