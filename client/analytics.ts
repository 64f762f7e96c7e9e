import { CONSENT_COOKIE, consentChoiceIn, type ConsentChoice } from '../src/lib/site/consent';
/** The one place events reach `window.dataLayer` (GTM/GA4). */
export type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/**
 * Consent (Google Consent Mode v2): before the first event the page pushes `consent default` — denied
 * unless the shopper accepted analytics cookies (cookie `cookie_consent=granted`, set by the consent
 * banner). Accepting or refusing pushes `consent update`. GTM/GA4 tags honour it: with consent denied
 * they send no cookies and no identifiers.
 */
export { CONSENT_COOKIE, type ConsentChoice };

export function consentChoice(): ConsentChoice | null {
  return typeof document === 'undefined' ? null : consentChoiceIn(document.cookie);
}

const consentState = (choice: ConsentChoice | null) => {
  const state = choice === 'granted' ? 'granted' : 'denied';
  return { analytics_storage: state, ad_storage: state, ad_user_data: state, ad_personalization: state };
};

// gtag's command format: GTM only recognises an `arguments` object, not an array.
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments as unknown as DataLayerEvent);
}

let defaulted = false;
/** Pushes `consent default` once, before any event (client/main.ts calls it first). */
export function ensureConsentDefault(): void {
  if (defaulted) return;
  defaulted = true;
  gtag('consent', 'default', { ...consentState(consentChoice()), wait_for_update: 500 });
}

/** Records the shopper's choice (a year, readable by this script) and tells the tags. */
export function setConsent(choice: ConsentChoice): void {
  ensureConsentDefault();
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  gtag('consent', 'update', consentState(choice));
}

export function track(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  ensureConsentDefault();
  (window.dataLayer ??= []).push(event);
}
