/** The web-only widgets, in plain DOM: mounting costs a millisecond, not a React render. */
export type ConsentChoice = 'granted' | 'denied';

export interface WidgetDeps {
  /** The server-resolved click-to-chat URL (GET /api/whatsapp's `mountedURL`), or null. */
  whatsappUrl: string | null;
  consentChoice(): ConsentChoice | null;
  setConsent(choice: ConsentChoice): void;
}

/** The WhatsApp button is hidden on the product page (spec §2), in checkout and on the app cart. */
const NO_WHATSAPP = /^\/(?:[^/]+\/p|checkout(?:\/.*)?|cart\/ecommerce-app)\/?$/;
/**
 * On a phone the bag's own forms (seller code, coupon, CEP) and "Finalizar compra" own the bottom of the screen, and so
 * does the registration form: its fields and the LGPD note pass under the button as the shopper scrolls.
 */
const NO_WHATSAPP_ON_PHONES = /^\/(?:sacola|cadastro)\/?$/;
/** The banner stays out of checkout. */
const NO_BANNER = /^\/checkout(?:\/.*)?$/;
/** The store operator's back office is no shop window: neither widget (the page carries no banner either). */
const BACK_OFFICE = /^\/painel(?:\/.*)?$/;

const CHAT_ICON =
  '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">' +
  '<path d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z" fill="none" stroke="currentColor" stroke-width="2"/>' +
  '<path d="M9 8.5c0 3.5 2.5 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2z" fill="currentColor"/></svg>';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), props);
}

function whatsappButton(url: string): HTMLElement {
  const aside = element('aside');
  aside.setAttribute('aria-label', 'Atendimento pelo WhatsApp');
  const link = element('a', {
    className: 'whatsapp-fab',
    href: url,
    target: '_blank',
    rel: 'noopener',
    innerHTML: CHAT_ICON,
  });
  link.setAttribute('aria-label', 'Comprar pelo WhatsApp (abre em nova aba)');
  aside.append(link);
  return aside;
}

/** The banner the page carries (src/ui/consent-banner.tsx), wired to the shopper's choice; null when absent. */
function consentBanner(onChoose: (choice: ConsentChoice) => void): HTMLElement | null {
  const section = document.querySelector<HTMLElement>('section.consent-banner');
  section?.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest('button[data-consent]')?.getAttribute('data-consent');
    if (choice === 'granted' || choice === 'denied') onChoose(choice);
  });
  return section;
}

export function mountWebWidgets(deps: WidgetDeps): void {
  const host = element('div', { id: 'web-widgets' });
  const fab = deps.whatsappUrl ? whatsappButton(deps.whatsappUrl) : null;
  let banner: HTMLElement | null = deps.consentChoice() === null ? consentBanner(choose) : null;

  // The raised button sits above the banner however tall it wraps (on a phone, more than the stylesheet's fallback).
  const shown = banner;
  if (shown)
    new ResizeObserver(() =>
      document.documentElement.style.setProperty('--consent-height', `${shown.offsetHeight}px`),
    ).observe(shown);

  function choose(choice: ConsentChoice): void {
    deps.setConsent(choice);
    banner?.remove();
    banner = null;
    document.documentElement.classList.remove('consent-needed');
    update();
  }

  function update(): void {
    const path = location.pathname;
    const backOffice = BACK_OFFICE.test(path);
    const showBanner = !!banner && !NO_BANNER.test(path) && !backOffice;
    if (fab) {
      fab.hidden = backOffice || NO_WHATSAPP.test(path);
      fab.firstElementChild?.classList.toggle('whatsapp-fab--not-on-phones', NO_WHATSAPP_ON_PHONES.test(path));
      fab.firstElementChild?.classList.toggle('whatsapp-fab--raised', showBanner);
    }
    if (banner) banner.hidden = !showBanner;
  }

  if (fab) host.append(fab);
  update();
  document.body.append(host);
  window.addEventListener('vitrine:navigate', update);
  window.addEventListener('popstate', update);
}
