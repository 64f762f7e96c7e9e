import { AffiliateResultSchema } from '../../contracts/affiliate';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The Rakuten attribution against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamAffiliate(send: UpstreamSend): Pick<CommercePort, 'recordAffiliate'> {
  return {
    recordAffiliate: ({ siteID, cartId }) =>
      send('POST', `/rakuten?${new URLSearchParams({ siteID })}`, AffiliateResultSchema, { cartId }),
  };
}
