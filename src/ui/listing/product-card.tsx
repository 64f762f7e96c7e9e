import type { ProductCard as Card } from '../../contracts/catalog';
import { favoriteLabel } from '../../lib/customer/favorites';
import { idRanges } from '../../lib/catalog/id-ranges';
import { productImage, productSrcSet } from '../../lib/site/images';
import { discountPercent, formatBRL, installmentsLabel } from '../../lib/format/money';
import { SwatchFill } from '../swatch-fill';

/** Grid widths (70-listing.css): 2 columns up to 767 px, 3 beside the sidebar, 4 from 1000 px, capped at 1520. */
export const CARD_SIZES = '(max-width: 767px) 50vw, (max-width: 999px) 30vw, (max-width: 1519px) 22vw, 330px';
const MAX_SWATCHES = 5;

export interface ProductCardProps {
  product: Card;
  imageHost: string;
  /** Position on the page (0-based): the first row loads eagerly, the very first with high priority. */
  position: number;
  eager: boolean;
  /** One of the product's items is a favourite (from the `favorites` cookie, signed in only). */
  favorite: boolean;
  /** The listing's colour filter: the card opens the product in the first of these colours it comes in. */
  colors?: string[];
}

/**
 * The heart, outside the card's link (no button inside an anchor) and above its hit area. One delegated
 * handler per page drives every card's heart (client/islands/listing/card-favorites.tsx): no island per card.
 */
function CardHeart({ product, favorite }: Pick<ProductCardProps, 'product' | 'favorite'>) {
  return (
    <button
      type="button"
      className={`product-card__fav${favorite ? ' is-favorite' : ''}`}
      aria-pressed={favorite}
      aria-label={favoriteLabel(product.name, favorite)}
      data-card-favorite={idRanges(product.itemIds)}
    />
  );
}

function Price({ product }: { product: Card }) {
  const off = discountPercent(product.listPriceCents, product.priceCents);
  const parcels = installmentsLabel(product.priceCents);
  return (
    <div className="product-card__price">
      {off > 0 ? (
        <p className="price price--sale">
          <span className="visually-hidden">De </span>
          <del className="price__list">{formatBRL(product.listPriceCents)}</del>
          <span className="visually-hidden"> por </span>
          <strong className="price__now">{formatBRL(product.priceCents)}</strong>
          <span className="price__off">{`${off}% off`}</span>
        </p>
      ) : (
        <p className="price">
          <strong className="price__now">{formatBRL(product.priceCents)}</strong>
        </p>
      )}
      {parcels ? <p className="price__installments">{parcels}</p> : null}
    </div>
  );
}

export function ProductCard({ product, imageHost, position, eager, favorite, colors = [] }: ProductCardProps) {
  const color = product.swatches.find((s) => colors.includes(s.slug))?.slug;
  const href = `/${product.slug}/p${color ? `?cor=${encodeURIComponent(color)}` : ''}`;
  const off = discountPercent(product.listPriceCents, product.priceCents);
  const more = product.swatches.length - MAX_SWATCHES;
  return (
    <article className="product-card">
      <div className="product-card__media">
        {product.image ? (
          <img
            className="product-card__image"
            src={productImage(imageHost, product.image, 'list')}
            srcSet={productSrcSet(imageHost, product.image)}
            sizes={CARD_SIZES}
            width={500}
            height={750}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={position === 0 ? 'high' : undefined}
            decoding={eager ? 'sync' : 'async'}
          />
        ) : (
          <div className="product-card__image product-card__image--none" />
        )}
        <div className="product-card__badges">
          {product.preSale ? <span className="product-card__badge product-card__badge--presale">Pré-venda</span> : null}
          {off > 0 ? <span className="product-card__badge product-card__badge--off">{`-${off}%`}</span> : null}
        </div>
      </div>
      {product.itemIds.length > 0 ? <CardHeart product={product} favorite={favorite} /> : null}
      <h3 className="product-card__name">
        <a className="product-card__link" href={href}>
          {product.name}
        </a>
      </h3>
      <Price product={product} />
      {/* Without JavaScript: the product page, where sizes are chosen; with it, a size chooser (QuickAdd). */}
      <a
        className="product-card__quick"
        href={href}
        data-quick-add={product.slug}
        aria-haspopup="dialog"
        data-no-prefetch=""
      >
        Adicionar<span className="visually-hidden"> {product.name}</span> à sacola
      </a>
      {product.swatches.length > 0 ? (
        <ul
          className="product-card__swatches"
          aria-label={`${product.swatches.length} ${product.swatches.length === 1 ? 'cor' : 'cores'}`}
        >
          {product.swatches.slice(0, MAX_SWATCHES).map((s) => (
            <li key={s.slug} className="swatch" title={s.name}>
              <SwatchFill color={s.hex} />
              <span className="visually-hidden">{s.name}</span>
            </li>
          ))}
          {more > 0 ? <li className="swatch-more">{`+${more}`}</li> : null}
        </ul>
      ) : null}
    </article>
  );
}
