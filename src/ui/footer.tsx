const GROUPS: { title: string; links: { href: string; label: string }[] }[] = [
  {
    title: 'Ajuda',
    links: [
      { href: '/perguntas-frequentes', label: 'Perguntas frequentes' },
      { href: '/entregas', label: 'Entregas' },
      { href: '/pagamento', label: 'Pagamento' },
      { href: '/minha-conta/trocas-devolucoes', label: 'Trocas e devoluções' },
    ],
  },
  {
    title: 'Vitrine',
    links: [
      { href: '/cashback', label: 'Cashback' },
      { href: '/whts-lojas', label: 'Compre pelo WhatsApp' },
      { href: '/live-app', label: 'Baixe o app' },
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

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__groups">
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title} className="site-footer__group">
            <h2 className="site-footer__title">{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="site-footer__legal">
        Vitrine Moda Ltda. · Preços e condições válidos para compras no site. · Cuidado com perfis falsos: nossos canais
        oficiais estão listados nesta página.
      </p>
    </footer>
  );
}
