import type { Cart } from '../../contracts/cart';
import { productImage } from '../../lib/images';
import { formatBRL } from '../../lib/money';

/** Order summary: items and totals in BRL (cents formatted only here). */
export function OrderSummary({
  cart,
  shipping,
  imageHost,
}: {
  cart: Cart;
  shipping: number | null;
  imageHost: string;
}) {
  const total = cart.subtotal - cart.discount - cart.cashback_value + (shipping ?? 0);
  return (
    <section className="co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title" className="co-summary__title">
        Resumo do pedido
      </h2>
      <ul className="co-summary__items">
        {cart.items.map((item) => {
          const photo = item.product.items[0]?.photos[0]?.photo;
          return (
            <li key={item.id_item_cart} className="co-summary__item" data-testid="checkout-item">
              {photo ? (
                <img src={productImage(imageHost, photo, 'thumbnail')} alt="" width={40} height={60} loading="lazy" />
              ) : null}
              <span className="co-summary__name">
                {item.product.name}
                <small>
                  Tamanho {item.product.size} · Quantidade {item.amount}
                </small>
              </span>
              <span className="co-summary__price">
                {item.product.gift ? 'Grátis' : formatBRL(item.price * item.amount)}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="co-summary__totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatBRL(cart.subtotal)}</dd>
        </div>
        {cart.discount > 0 ? (
          <div>
            <dt>Descontos</dt>
            <dd data-testid="summary-discount">− {formatBRL(cart.discount)}</dd>
          </div>
        ) : null}
        {cart.cashback_value > 0 ? (
          <div>
            <dt>Cashback</dt>
            <dd data-testid="summary-cashback">− {formatBRL(cart.cashback_value)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Frete</dt>
          <dd data-testid="summary-shipping">
            {shipping === null ? 'A calcular' : shipping === 0 ? 'Grátis' : formatBRL(shipping)}
          </dd>
        </div>
        <div className="co-summary__total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatBRL(Math.max(0, total))}</dd>
        </div>
      </dl>
    </section>
  );
}
