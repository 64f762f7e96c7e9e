import type { AffiliateResult } from '../../contracts/affiliate';
import type { AffiliateRepo } from './repo';

/**
 * Rakuten attribution (spec §7): the site id lands on the visitor's open cart (orders copy
 * `carts.affiliate_site_id`). With no cart yet nothing is written: the route's cookie carries the site
 * id until a cart exists (see `cartCookies`).
 */
export async function recordAffiliate(
  deps: { repo: AffiliateRepo },
  input: { siteID: string; cartId: string | null },
): Promise<AffiliateResult> {
  const recorded = input.cartId ? await deps.repo.attach(input.cartId, input.siteID) : false;
  return { siteID: input.siteID, recorded };
}
