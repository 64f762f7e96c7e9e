/** The shopper's analytics-cookie choice (Google Consent Mode v2), kept a year in this cookie. */
export const CONSENT_COOKIE = 'cookie_consent';
export type ConsentChoice = 'granted' | 'denied';

const CHOICE = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`);

/** The choice a `document.cookie` string records, or null when the shopper has not chosen yet. */
export function consentChoiceIn(cookies: string): ConsentChoice | null {
  return (cookies.match(CHOICE)?.[1] as ConsentChoice | undefined) ?? null;
}

/**
 * Runs in <head> before the first paint: with no choice recorded yet, `html.consent-needed` shows the
 * banner the page already carries (src/ui/consent-banner.tsx), so a cached page serves both kinds of visitor.
 */
export const CONSENT_HEAD_SCRIPT = `${CHOICE}.test(document.cookie)||document.documentElement.classList.add('consent-needed')`;
