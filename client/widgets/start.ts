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
 * Web-only widgets (WhatsApp button, cookie-consent banner): never in the app webview, mounted once the page
 * has loaded and the browser is idle, so they cost the first paint nothing. Their code (plain DOM, under 1 KB
 * gzip) ships in the main bundle: as a lazy chunk it would still load on every web page, one more request
 * for under 1 KB (measured: `/` then loads 2 files for 0.6 KB less).
 */
export function startWebWidgets(inApp: boolean): void {
  if (inApp) return;
  const idle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 300));
  const load = () => idle(() => mountWebWidgets({ whatsappUrl: whatsappUrl(), consentChoice, setConsent }));
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
