import type { HeaderProps } from '../../src/ui/header/types';
import { consentChoice, setConsent } from '../analytics';
import { mountWebWidgets } from './web-widgets';

/**
 * The click-to-chat URL the server already resolved (GET /api/whatsapp's `mountedURL`, through the port) and
 * serialised with the header's props: no request after load.
 */
function whatsappUrl(): string | null {
  const props = document.querySelector('script[data-island-props="Header"]')?.textContent;
  if (!props) return null;
  try {
    const url = (JSON.parse(props) as Partial<HeaderProps>).whatsappUrl;
    return typeof url === 'string' && url.startsWith('https://') ? url : null;
  } catch {
    return null;
  }
}

/**
 * Web-only widgets (WhatsApp button, the consent banner's buttons): never in the app webview. Mounted as the
 * script starts: plain DOM, a millisecond, no timer, and the banner (already in the HTML) answers its first tap.
 * Their code (under 1 KB gzip) ships in the main bundle: as a lazy chunk it would still load on every web page.
 */
export function startWebWidgets(inApp: boolean): void {
  if (inApp) return;
  mountWebWidgets({ whatsappUrl: whatsappUrl(), consentChoice, setConsent });
}
