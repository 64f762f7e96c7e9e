import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { HeaderProps } from '../../src/ui/header/types';
import { consentChoice, setConsent, type ConsentChoice } from '../analytics';

/** The WhatsApp button is hidden on the product page (spec §2) and in checkout; the banner stays out of checkout. */
const NO_WHATSAPP = /^\/(?:[^/]+\/p|checkout(?:\/.*)?|cart\/ecommerce-app)\/?$/;
const NO_BANNER = /^\/checkout(?:\/.*)?$/;

function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    window.addEventListener('vitrine:navigate', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('vitrine:navigate', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

/**
 * The click-to-chat URL the server already resolved (GET /api/whatsapp's `mountedURL`, through the port) and
 * serialised with the header's props: no extra request after load.
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

function WhatsappButton({ url, raised }: { url: string; raised: boolean }) {
  return (
    <aside aria-label="Atendimento pelo WhatsApp">
      <a
        className={`whatsapp-fab${raised ? ' whatsapp-fab--raised' : ''}`}
        href={url}
        target="_blank"
        rel="noopener"
        aria-label="Comprar pelo WhatsApp (abre em nova aba)"
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
          <path d="M9 8.5c0 3.5 2.5 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2z" fill="currentColor" />
        </svg>
      </a>
    </aside>
  );
}

function ConsentBanner({ onChoose }: { onChoose: (choice: ConsentChoice) => void }) {
  return (
    <section className="consent-banner" aria-label="Cookies e privacidade">
      <p>Com a sua permissão, usamos cookies de análise para melhorar a loja.</p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--ghost" onClick={() => onChoose('denied')}>
          Recusar
        </button>
        <button type="button" className="button" onClick={() => onChoose('granted')}>
          Aceitar cookies de análise
        </button>
      </div>
    </section>
  );
}

function WebWidgets() {
  const path = usePath();
  const [url] = useState(whatsappUrl);
  const [choice, setChoice] = useState(consentChoice());
  const banner = choice === null && !NO_BANNER.test(path);
  return (
    <>
      {url && !NO_WHATSAPP.test(path) ? <WhatsappButton url={url} raised={banner} /> : null}
      {banner ? (
        <ConsentBanner
          onChoose={(c) => {
            setConsent(c);
            setChoice(c);
          }}
        />
      ) : null}
    </>
  );
}

export function mountWebWidgets(): void {
  const host = document.createElement('div');
  host.id = 'web-widgets';
  document.body.appendChild(host);
  createRoot(host).render(<WebWidgets />);
}
