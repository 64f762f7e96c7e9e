import { LEAD_CONSENT_TEXT } from '../contracts/leads';
import { liveFridayStart } from '../lib/catalog/live-friday';
import { JsonLd } from '../ui/json-ld';
import type { ContentPage } from './content/content-page';
import { LiveFriday } from '../../client/islands/campaign/live-friday';
import { LazyIsland } from './lazy-island';
import type { ShellData } from './shell-data';

/** FAQPage structured data from the page's question/answer pairs. */
export function faqJsonLd(page: ContentPage) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: (page.sections ?? []).flatMap((s) =>
      (s.faq ?? []).map(([question, answer]) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    ),
  };
}

const CHAT_ICON = 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z';

function WhatsappStores({ shell }: { shell: ShellData }) {
  const whatsapp = shell.whatsapp;
  if (!whatsapp) {
    return (
      <p className="notice">O atendimento pelo WhatsApp está indisponível no momento. Tente novamente mais tarde.</p>
    );
  }
  return (
    <section aria-labelledby="lojas-whatsapp">
      <h2 id="lojas-whatsapp">Escolha com quem conversar</h2>
      <ul className="chat-stores">
        <li className="chat-store chat-store--central">
          <h3>Central de vendas</h3>
          <p>Atendimento para todo o Brasil, de segunda a sábado, das 9h às 21h.</p>
          <a className="button chat-store__button" href={whatsapp.mountedURL} target="_blank" rel="noopener">
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={CHAT_ICON} fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Conversar com a central<span className="visually-hidden"> (abre o WhatsApp em nova aba)</span>
          </a>
        </li>
        {whatsapp.stores.map((store) => (
          <li key={store.key} className="chat-store">
            <h3>{store.name}</h3>
            <p>
              {store.address} · {store.city}/{store.state}
            </p>
            <a
              className="button button--ghost chat-store__button"
              href={store.mountedURL}
              target="_blank"
              rel="noopener"
            >
              Conversar no WhatsApp<span className="visually-hidden"> com a {store.name} (abre em nova aba)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AppBadges({ shell }: { shell: ShellData }) {
  const badges = [
    { url: shell.parameters.get('mobile_application_ios_url'), small: 'Baixar na', big: 'App Store', os: 'iPhone' },
    {
      url: shell.parameters.get('mobile_application_android_url'),
      small: 'Disponível no',
      big: 'Google Play',
      os: 'Android',
    },
  ].filter((b): b is typeof b & { url: string } => !!b.url && /^https:\/\//.test(b.url));
  if (badges.length === 0) return <p className="notice">O app estará disponível nas lojas de aplicativos em breve.</p>;
  return (
    <section aria-labelledby="baixar-app">
      <h2 id="baixar-app">Baixe grátis</h2>
      <ul className="store-badges">
        {badges.map((b) => (
          <li key={b.big}>
            <a className="store-badge" href={b.url} target="_blank" rel="noopener">
              <span className="store-badge__small">{b.small}</span> <span className="store-badge__big">{b.big}</span>
              <span className="visually-hidden">, app Vitrine para {b.os} (abre em nova aba)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a content page adds below its copy. */
export function ContentExtras({ page, shell, nonce }: { page: ContentPage; shell: ShellData; nonce: string }) {
  switch (page.extra) {
    case 'faq-json-ld':
      return <JsonLd data={faqJsonLd(page)} nonce={nonce} />;
    case 'whatsapp-stores':
      return <WhatsappStores shell={shell} />;
    case 'live-friday': {
      const now = Date.now();
      return (
        <LazyIsland
          name="LiveFriday"
          component={LiveFriday}
          props={{ startsAt: liveFridayStart(now), serverNow: now, consentText: LEAD_CONSENT_TEXT }}
        />
      );
    }
    case 'app-badges':
      return <AppBadges shell={shell} />;
    default:
      return null;
  }
}
