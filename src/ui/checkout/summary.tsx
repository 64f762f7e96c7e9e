import type { ReactNode } from 'react';
import type { Cart } from '../../contracts/cart';
import { productImage } from '../../lib/images';
import { formatBRL } from '../../lib/money';
import { priceLabel } from '../product/shipping-options';
import { TotalsList } from '../totals-list';

/**
 * One line of an items summary: thumbnail, name over its details, price. The checkout's summary, the order
 * confirmation and the account's order detail list items with it (styles: 85-checkout.css `.co-summary__*`).
 */
export function SummaryItem(props: {
  photo: string | null;
  name: ReactNode;
  details: string;
  price: string;
  testId?: string;
}) {
  return (
    <li className="co-summary__item" data-testid={props.testId}>
      {props.photo ? <img src={props.photo} alt="" width={40} height={60} loading="lazy" /> : <span />}
      <span className="co-summary__name">
        {props.name}
        <small>{props.details}</small>
      </span>
      <span className="co-summary__price">{props.price}</span>
    </li>
  );
}

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
            <SummaryItem
              key={item.id_item_cart}
              testId="checkout-item"
              photo={photo ? productImage(imageHost, photo, 'thumbnail') : null}
              name={item.product.name}
              details={`Tamanho ${item.product.size} · Quantidade ${item.amount}`}
              price={item.product.gift ? 'Grátis' : formatBRL(item.price * item.amount)}
            />
          );
        })}
      </ul>
      <TotalsList
        className="co-summary__totals"
        totalClassName="co-summary__total"
        rows={[
          { label: 'Subtotal', value: formatBRL(cart.subtotal), testId: 'summary-subtotal' },
          cart.discount > 0
            ? { label: 'Descontos', value: `− ${formatBRL(cart.discount)}`, testId: 'summary-discount' }
            : null,
          cart.cashback_value > 0
            ? { label: 'Cashback', value: `− ${formatBRL(cart.cashback_value)}`, testId: 'summary-cashback' }
            : null,
          {
            label: 'Frete',
            value: shipping === null ? 'A calcular' : priceLabel(shipping),
            testId: 'summary-shipping',
          },
        ]}
        total={{ label: 'Total', value: formatBRL(Math.max(0, total)), testId: 'summary-total' }}
      />
    </section>
  );
}
