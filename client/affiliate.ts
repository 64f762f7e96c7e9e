import type { Stores } from './stores';

/**
 * Rakuten affiliate landing (spec §7): a URL with `utm_source=rakuten` and `ranSiteID` sends
 * `POST /api/rakuten?siteID=` once per visit (per tab session and site id); without both parameters, nothing.
 */
export function rakutenSiteId(search: string): string | null {
  const params = new URLSearchParams(search);
  const siteID = params.get('ranSiteID');
  return params.get('utm_source') === 'rakuten' && siteID ? siteID : null;
}

function reportRakuten(stores: Stores): void {
  const siteID = rakutenSiteId(location.search);
  if (!siteID) return;
  const key = `rakuten:${siteID}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage blocked: still report, at most once per page load.
  }
  void stores.cart.reportAffiliate(siteID);
}

export function startAffiliateTracking(stores: Stores): void {
  reportRakuten(stores);
  window.addEventListener('vitrine:navigate', () => reportRakuten(stores));
}
