/** One message of the announcement strip (spec §2 Header, §9 constants). `href: null` = plain text. */
export interface Announcement {
  id: string;
  text: string;
  href: string | null;
}

/** Asterisks mark the offers with conditions (spec §9: banner text with asterisk). */
export const ANNOUNCEMENTS: readonly Announcement[] = [
  { id: 'frete', text: 'Frete expresso grátis em compras acima de R$ 499*', href: '/entregas' },
  { id: 'cashback', text: '10% de cashback em todas as compras*', href: '/cashback' },
  { id: 'whatsapp', text: 'Compre pelo WhatsApp com a nossa equipe', href: '/whts-lojas' },
  // The only message that is not a link: the warning must not send shoppers anywhere.
  { id: 'perfis-falsos', text: 'Cuidado com perfis falsos: confira nossos canais oficiais', href: null },
  { id: 'cupom-vendedor', text: 'Use o cupom de um vendedor e ganhe 10% de desconto*', href: '/perguntas-frequentes' },
];

/** The built-in messages as the strip's contract shape (what the storefront shows until the back office publishes). */
export const DEFAULT_STRIP: readonly { text: string; href: string | null }[] = ANNOUNCEMENTS.map(({ text, href }) => ({
  text,
  href,
}));

export const isDefaultStrip = (messages: readonly { text: string; href: string | null }[]): boolean =>
  messages.length === DEFAULT_STRIP.length &&
  messages.every((m, i) => m.text === DEFAULT_STRIP[i]!.text && m.href === DEFAULT_STRIP[i]!.href);
