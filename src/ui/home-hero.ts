import type { Hero } from '../contracts/content';

/** The home hero until the back office publishes one (ADR 0033), and with an upstream that has none. */
export const DEFAULT_HERO: Hero = {
  kicker: 'Coleção Verão 2027',
  title: 'Sol, mar e movimento',
  text: 'Biquínis, maiôs e saídas de praia que acompanham o seu ritmo, e fitness que vai do treino ao café.',
  primaryText: 'Comprar moda praia',
  primaryHref: '/moda-praia',
  secondaryText: 'Ver fitness',
  secondaryHref: '/fitness',
};
