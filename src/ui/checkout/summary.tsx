import type { Cart } from '../../contracts/cart';
import { productImage } from '../../lib/site/images';
import { formatBRL } from '../../lib/format/money';
import { goodsTotal } from '../../lib/checkout/order-total';
import { priceLabel } from '../product/shipping-options';
import { SummaryItem } from './summary-item';
import { TotalsList } from '../totals-list';

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
  const total = goodsTotal(cart) + (shipping ?? 0);
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
        total={{ label: 'Total', value: formatBRL(total), testId: 'summary-total' }}
      />
    </section>
  );
}
