import type { Stores } from '../stores';

/**
 * Web-only widgets (WhatsApp button, cookie-consent banner): never in the app webview, loaded as a separate
 * chunk once the page has loaded and the browser is idle, so they cost the first paint nothing.
 */
export function startWebWidgets(stores: Stores): void {
  if (stores.appMode) return;
  const idle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 300));
  const load = () => idle(() => void import('./web-widgets').then((m) => m.mountWebWidgets()));
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
