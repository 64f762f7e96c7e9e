import type { NavItem } from '../../../src/lib/nav';
import type { Promotion } from '../../../src/lib/promotion';

// Placeholder: being built (see issue 2).
export function PromotionBanner({ promotion }: { promotion: Promotion }) {
  void (null as unknown as NavItem | Promotion);
  return null;
}
