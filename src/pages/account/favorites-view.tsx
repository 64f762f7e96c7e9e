import type { Favorite } from '../../contracts/customers';
import { productImage } from '../../lib/site/images';
import { formatBRL } from '../../lib/format/money';
import { selectionHref } from '../../lib/catalog/product-selection';

/**
 * /minha-conta/favoritos: the saved items, each linking to its product in the saved colour (and size), with a
 * remove button. A favourite saved before a size was chosen shows no size: its link asks for one.
 */
export function FavoritesList({ favorites, imageHost }: { favorites: Favorite[]; imageHost: string }) {
  if (favorites.length === 0) {
    return (
      <div className="account__empty">
        <p>Você ainda não salvou favoritos. Toque no coração de um produto para guardá-lo aqui.</p>
        <p>
          <a className="button" href="/">
            Ver novidades
          </a>
        </p>
      </div>
    );
  }
  return (
    <ul className="favorites-grid">
      {favorites.map((f) => {
        const href = selectionHref(f.slug, { color: f.colorSlug ?? undefined, size: f.size });
        return (
          <li key={f.id} className="favorite-card" data-testid="favorite-card">
            <a href={href} className="favorite-card__link">
              {f.image ? (
                <img src={productImage(imageHost, f.image, 'medium')} width={233} height={350} alt="" loading="lazy" />
              ) : null}
              <span className="favorite-card__name">{f.name}</span>
            </a>
            <p className="favorite-card__meta">
              {f.color} ·{' '}
              {f.size ? (
                `Tamanho ${f.size}`
              ) : (
                <a href={href} className="favorite-card__size" aria-label={`Escolha o tamanho de ${f.name}`}>
                  Escolha o tamanho
                </a>
              )}
            </p>
            <p className="favorite-card__price">
              {f.listPriceCents > f.priceCents ? <del>{formatBRL(f.listPriceCents)}</del> : null}{' '}
              <strong>{formatBRL(f.priceCents)}</strong>
            </p>
            {f.available ? null : <p className="favorite-card__out">Esgotado</p>}
            <form method="post" action={`/minha-conta/favoritos/${f.product_item_id}/remover`}>
              <button type="submit" className="link-button" aria-label={`Remover ${f.name} dos favoritos`}>
                Remover
              </button>
            </form>
          </li>
        );
      })}
    </ul>
  );
}
