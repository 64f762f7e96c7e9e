/**
 * Where the shopper completes a payment step: our sandbox page (told where to come back), or the provider's
 * own https page (PayPal approval, the issuer's 3-D Secure), which returns to the URL given at creation.
 */
export function actionHref(actionUrl: string, returnTo: string): string {
  return /^https:\/\//.test(actionUrl) ? actionUrl : `${actionUrl}?return=${encodeURIComponent(returnTo)}`;
}
