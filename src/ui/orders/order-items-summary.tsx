import type { OrderDetail } from '../../contracts/orders';
import { productImage } from '../../lib/site/images';
import { formatBRL } from '../../lib/format/money';
import { SummaryItem } from '../checkout/summary-item';
import { priceLabel } from '../product/shipping-options';
import { TotalsList } from '../totals-list';

/**
 * A placed order's items (thumbnail, name, size · color · quantity, price), laid out like the checkout's
 * summary: the order confirmation and the account's order detail show them with it. `linked`: names link to
 * their product pages.
 */
export function OrderItems({
  order,
  imageHost,
  linked = false,
}: {
  order: OrderDetail;
  imageHost: string;
  linked?: boolean;
}) {
  return (
    <ul className="co-summary__items">
      {order.items.map((item) => (
        <SummaryItem
          key={`${item.productItemId}-${item.gift}`}
          testId="order-item"
          photo={item.photo ? productImage(imageHost, item.photo, 'thumbnail') : null}
          name={linked ? <a href={`/${item.slug}/p`}>{item.name}</a> : item.name}
          details={`Tamanho ${item.size} · ${item.color} · Quantidade ${item.amount}${item.preSale ? ' · Pré-venda' : ''}`}
          price={item.gift ? 'Grátis' : formatBRL(item.total)}
        />
      ))}
    </ul>
  );
}

/** A placed order's totals, in the checkout summary's rows (label left, amount right). */
export function OrderTotals({ order }: { order: OrderDetail }) {
  return (
    <TotalsList
      className="co-summary__totals"
      totalClassName="co-summary__total"
      testId="order-totals"
      rows={[
        { label: 'Subtotal', value: formatBRL(order.subtotal) },
        order.discount ? { label: 'Descontos', value: `− ${formatBRL(order.discount)}` } : null,
        order.cashback ? { label: 'Cashback', value: `− ${formatBRL(order.cashback)}` } : null,
        { label: 'Frete', value: priceLabel(order.shipping) },
      ]}
      total={{ label: 'Total', value: formatBRL(order.total) }}
    />
  );
}
