import type { Ga4Event } from '../../src/lib/analytics/ga4-events';
import { track } from '../analytics';

/** A page script (no React): the page view's GA4 event the server prepared (`view_item`, `view_cart`, `begin_checkout`). */
export function startPageView({ event }: { event: Ga4Event }): void {
  track({ ...event });
}
