import type { NavItem } from '../lib/menu/nav';
import { BANNER_MENU_IDS } from '../lib/menu/nav';
import type { ShellData } from './shell-data';
import { heroFrom } from '../contracts/content';
import { DEFAULT_HERO } from '../ui/home-hero';

function bannerCards(menu: NavItem[]): NavItem[] {
  return menu
    .filter((entry) => BANNER_MENU_IDS.has(entry.id))
    .flatMap((entry) => entry.items.filter((i) => i.displayType === 'banner' && i.image));
}

/** Inline (not an image resource): the hero's shoreline never competes with the <h1> for LCP. */
function Waves() {
  return (
    <svg className="hero__waves" viewBox="0 0 1440 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <path
        className="hero__wave hero__wave--back"
        d="M0 58c120-26 240-26 360 0s240 26 360 0 240-26 360 0 240 26 360 0v62H0z"
      />
      <path className="hero__wave hero__wave--mid" d="M0 78c160-30 320-30 480 0s320 30 480 0 320-30 480 0v42H0z" />
      <path className="hero__wave hero__wave--front" d="M0 98c180-22 360-22 540 0s360 22 540 0 270-16 360-8v30H0z" />
    </svg>
  );
}

// Stroke icons on a 24-unit grid (see .benefit__icon): truck, percent coin, card, exchange arrows.
const BENEFITS: { icon: string; title: string; text: string }[] = [
  {
    icon: 'M2 6h12v10H2zM14 9h4l3 3v4h-7zM4 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0M15 18a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
    title: 'Frete expresso grátis',
    text: 'em compras acima de R$ 499',
  },
  {
    icon: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M9 15l6-6M8.5 9.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0M13.5 14.5a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
    title: '10% de cashback',
    text: 'em todas as compras, para usar na próxima',
  },
  {
    icon: 'M3 6h18v12H3zM3 10h18M7 15h4',
    title: 'Até 6x sem juros',
    text: 'no cartão de crédito (até 10x), ou Pix na hora',
  },
  { icon: 'M4 9h14l-3-3M20 15H6l3 3', title: 'Troca fácil', text: 'em até 30 dias, sem complicação' },
];

export function HomePage({ shell }: { shell: ShellData }) {
  // External entries (e.g. the international shop) open elsewhere: they are not departments of this store.
  const [featured, ...departments] = shell.header.menu.filter((d) => !d.newTab);
  const highlights = bannerCards(shell.header.menu).slice(0, 4);
  const hero = heroFrom(shell.parameters, DEFAULT_HERO);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__sky" aria-hidden="true">
          <span className="hero__sun" />
          <span className="hero__sea" />
        </div>
        <Waves />
        <div className="hero__inner">
          {hero.kicker ? <p className="hero__kicker">{hero.kicker}</p> : null}
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          {hero.text ? <p className="hero__text">{hero.text}</p> : null}
          <div className="hero__actions">
            <a className="button button--light" href={hero.primaryHref}>
              {hero.primaryText}
            </a>
            {hero.secondaryText && hero.secondaryHref ? (
              <a className="button button--ghost" href={hero.secondaryHref}>
                {hero.secondaryText}
              </a>
            ) : null}
          </div>
        </div>
      </section>

      {featured ? (
        <section className="home-section" aria-labelledby="departamentos">
          <div className="home-section__head">
            <h2 id="departamentos" className="home-section__title">
              Compre por departamento
            </h2>
          </div>
          <ul className="department-grid">
            <li className="department-grid__featured">
              <DepartmentCard item={featured} variant="featured" />
            </li>
            {departments.map((d, i) => (
              <li key={d.id}>
                <DepartmentCard item={d} variant={String(i % 6)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {highlights.length > 0 ? (
        <section className="home-section" aria-labelledby="destaques">
          <div className="home-section__head">
            <h2 id="destaques" className="home-section__title">
              Destaques da semana
            </h2>
          </div>
          <ul className="highlight-grid">
            {highlights.map((h) => (
              <li key={h.id}>
                <a
                  className="highlight-card"
                  href={h.href}
                  target={h.newTab ? '_blank' : undefined}
                  rel={h.newTab ? 'noopener' : undefined}
                >
                  <img
                    className="highlight-card__image"
                    src={h.image ?? ''}
                    alt=""
                    width={400}
                    height={500}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="highlight-card__name">{h.name}</span>
                  {h.buttonText ? <span className="highlight-card__button">{h.buttonText}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="home-benefits" aria-labelledby="vantagens">
        <h2 id="vantagens" className="visually-hidden">
          Vantagens de comprar na Vitrine
        </h2>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b.title} className="benefit">
              <svg className="benefit__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={b.icon} />
              </svg>
              <p>
                <strong>{b.title}</strong> <span>{b.text}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function DepartmentCard({ item, variant }: { item: NavItem; variant: string }) {
  return (
    <a className={`department-card department-card--${variant}`} href={item.href}>
      <span className="department-card__art" aria-hidden="true" />
      <span className="department-card__label">
        <span className="department-card__name">{item.name}</span>
        <svg className="department-card__arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h14M13 6l6 6-6 6" />
        </svg>
      </span>
    </a>
  );
}
