import type { NavItem } from '../lib/nav';
import { BANNER_MENU_IDS } from '../lib/nav';
import type { ShellData } from './shell-data';

function bannerCards(menu: NavItem[]): NavItem[] {
  return menu
    .filter((entry) => BANNER_MENU_IDS.has(entry.id))
    .flatMap((entry) => entry.items.filter((i) => i.displayType === 'banner' && i.image));
}

export function HomePage({ shell }: { shell: ShellData }) {
  const departments = shell.header.menu;
  const highlights = bannerCards(departments).slice(0, 4);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <p className="hero__kicker">Coleção Verão 2027</p>
          <h1 id="hero-title" className="hero__title">
            Sol, mar e movimento
          </h1>
          <p className="hero__text">
            Biquínis, maiôs e saídas de praia que acompanham o seu ritmo, e fitness que vai do treino ao café.
          </p>
          <div className="hero__actions">
            <a className="button button--light" href="/moda-praia">
              Comprar moda praia
            </a>
            <a className="button button--ghost" href="/fitness">
              Ver fitness
            </a>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="departamentos">
        <h2 id="departamentos" className="home-section__title">
          Compre por departamento
        </h2>
        <ul className="department-grid">
          {departments.map((d) => (
            <li key={d.id}>
              <a className={`department-card department-card--${d.id % 6}`} href={d.href}>
                <span className="department-card__name">{d.name}</span>
                <span className="department-card__cta">Ver tudo</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      {highlights.length > 0 ? (
        <section className="home-section" aria-labelledby="destaques">
          <h2 id="destaques" className="home-section__title">
            Destaques da semana
          </h2>
          <ul className="highlight-grid">
            {highlights.map((h) => (
              <li key={h.id}>
                <a className="highlight-card" href={h.href} target={h.newTab ? '_blank' : undefined} rel={h.newTab ? 'noopener' : undefined}>
                  <img src={h.image ?? ''} alt="" width={400} height={500} loading="lazy" decoding="async" />
                  <span className="highlight-card__name">{h.name}</span>
                  {h.buttonText ? <span className="highlight-card__button">{h.buttonText}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="home-section home-benefits" aria-label="Vantagens">
        <ul className="benefits">
          <li>
            <strong>Frete expresso grátis</strong> em compras acima de R$ 499
          </li>
          <li>
            <strong>10% de cashback</strong> em todas as compras
          </li>
          <li>
            <strong>Até 10x sem juros</strong> no cartão
          </li>
          <li>
            <strong>Troca fácil</strong> em até 30 dias
          </li>
        </ul>
      </section>
    </>
  );
}
