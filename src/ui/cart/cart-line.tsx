import type { CartItem } from '../../contracts/cart';
import { CART_ACTIONS } from '../../lib/cart/cart-forms';
import { productImage } from '../../lib/site/images';
import { formatBRL } from '../../lib/format/money';
import { CartForm } from './cart-form';
import type { CartViewProps } from './cart-view-props';

const MAX_SELECTABLE = 10;

/** One line of the cart: photo, name, flags, price, the quantity steps and "Remover" (a gift's quantity is fixed). */
export function CartLine({ item, view }: { item: CartItem; view: CartViewProps }) {
  const photo = item.product.items[0]?.photos[0]?.photo;
  const gift = item.product.gift;
  const busy = view.busy;
  return (
    <li className="cart-line" data-testid="cart-line" data-item={item.id_item_cart}>
      {photo ? (
        <img
          className="cart-line__thumb"
          src={productImage(view.imageHost, photo, 'thumbnail')}
          width={80}
          height={120}
          alt=""
          loading="lazy"
        />
      ) : (
        <span className="cart-line__thumb cart-line__thumb--none" />
      )}
      <div className="cart-line__info">
        <p className="cart-line__name">
          {item.product.slug ? <a href={`/${item.product.slug}/p`}>{item.product.name}</a> : item.product.name}
        </p>
        <p className="cart-line__meta">
          {item.product.color ? `${item.product.color} · ` : ''}Tamanho: {item.product.size}
        </p>
        {item.preSale ? <p className="cart-line__flag">Pré-venda</p> : null}
        {gift ? <p className="cart-line__flag cart-line__flag--gift">Brinde</p> : null}
        <p className="cart-line__price">
          {gift ? 'Grátis' : formatBRL(item.price * item.amount)}
          {!gift && item.amount > 1 ? <span className="cart-line__unit"> ({formatBRL(item.price)} cada)</span> : null}
        </p>
      </div>
      <div className="cart-line__actions">
        {gift ? (
          <p className="cart-line__qty-fixed">Quantidade: {item.amount}</p>
        ) : (
          <CartForm
            action={CART_ACTIONS.quantity}
            view={view}
            className="cart-qty"
            label={`Quantidade de ${item.product.name}`}
          >
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button
              type="submit"
              name="amount"
              value={item.amount - 1}
              className="cart-qty__step"
              disabled={busy || item.amount <= 1}
              aria-label="Diminuir quantidade"
            >
              −
            </button>
            <span className="cart-qty__value" aria-live="polite" data-testid="cart-qty">
              <span className="visually-hidden">Quantidade: </span>
              {item.amount}
            </span>
            <button
              type="submit"
              name="amount"
              value={item.amount + 1}
              className="cart-qty__step"
              disabled={busy || item.amount >= MAX_SELECTABLE}
              aria-label="Aumentar quantidade"
            >
              +
            </button>
          </CartForm>
        )}
        {gift ? null : (
          <CartForm action={CART_ACTIONS.remove} view={view} className="cart-remove">
            <input type="hidden" name="itemId" value={item.id_item_cart} />
            <button
              type="submit"
              className="cart-link-button"
              disabled={busy}
              aria-label={`Remover ${item.product.name}`}
            >
              Remover
            </button>
          </CartForm>
        )}
      </div>
    </li>
  );
}
