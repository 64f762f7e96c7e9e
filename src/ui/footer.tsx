import { PAYMENT_BADGES } from '../lib/payments/payment-methods';
/** `webOnly`: not shown inside the app (its download link, in the app itself). */
const GROUPS: { title: string; links: { href: string; label: string; webOnly?: boolean }[] }[] = [
  {
    title: 'Ajuda',
    links: [
      { href: '/perguntas-frequentes', label: 'Perguntas frequentes' },
      { href: '/entregas', label: 'Entregas e prazos' },
      { href: '/pagamento', label: 'Formas de pagamento' },
      { href: '/minha-conta/trocas-devolucoes', label: 'Trocas e devoluções' },
    ],
  },
  {
    title: 'Vitrine',
    links: [
      { href: '/cashback', label: 'Cashback de 10%' },
      { href: '/whts-lojas', label: 'Compre pelo WhatsApp' },
      { href: '/live-app', label: 'Baixe o app', webOnly: true },
      { href: '/mapa-do-site', label: 'Mapa do site' },
    ],
  },
  {
    title: 'Minha conta',
    links: [
      { href: '/minha-conta', label: 'Minha conta' },
      { href: '/minha-conta/pedidos', label: 'Meus pedidos' },
      { href: '/minha-conta/favoritos', label: 'Favoritos' },
      { href: '/cadastro', label: 'Cadastre-se' },
    ],
  },
];

/**
 * `appMode`: inside the app, without what only a web visitor needs (the app's own download link).
 * `payments`: the badges of the methods this host offers (paymentBadges); none: no list.
 */
export function Footer({
  appMode = false,
  payments = PAYMENT_BADGES,
}: {
  appMode?: boolean;
  payments?: readonly string[];
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <p className="site-footer__logo">VITRINE</p>
            <p className="site-footer__tagline">Moda praia, fitness e moda brasileira, do verão ao treino.</p>
            <section className="site-footer__channels" aria-labelledby="canais-oficiais">
              <h2 id="canais-oficiais" className="site-footer__title">
                Canais oficiais
              </h2>
              <address className="site-footer__contact">
                <p>
                  E-mail: <a href="mailto:atendimento@vitrine.com.br">atendimento@vitrine.com.br</a>
                </p>
                <p>
                  WhatsApp: <span className="site-footer__nowrap">(11) 98765-4321</span>
                </p>
                <p>Segunda a sexta, das 9h às 18h</p>
              </address>
            </section>
          </div>
          <div className="site-footer__groups">
            {GROUPS.map((group) => (
              <nav key={group.title} aria-label={group.title} className="site-footer__group">
                <h2 className="site-footer__title">{group.title}</h2>
                <ul>
                  {group.links
                    .filter((link) => !(appMode && link.webOnly))
                    .map((link) => (
                      <li key={link.href}>
                        <a href={link.href}>{link.label}</a>
                      </li>
                    ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        {payments.length > 0 ? (
          <ul className="site-footer__payments" aria-label="Formas de pagamento aceitas">
            {payments.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : null}
        <p className="site-footer__legal">
          Vitrine Moda Ltda. · Preços e condições válidos para compras no site. · Cuidado com perfis falsos: a Vitrine
          só fala com você pelos canais oficiais listados acima e nunca pede senhas ou pagamentos fora do site.
        </p>
      </div>
    </footer>
  );
}
