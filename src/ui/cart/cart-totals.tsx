import type { Cart } from '../../contracts/cart';
import { hasCashback } from '../../lib/cart/cart';
import { formatBRL } from '../../lib/format/money';
import { priceLabel } from '../product/shipping-options';
import { TotalsList } from '../totals-list';

/** Subtotal, discounts, cashback, shipping ("A calcular" until one is chosen) and the total the server priced. */
export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <TotalsList
      className="cart-totals"
      totalClassName="cart-totals__total"
      testId="cart-totals"
      rows={[
        { label: 'Subtotal', value: formatBRL(cart.subtotal), testId: 'cart-subtotal' },
        cart.discount > 0
          ? { label: 'Descontos', value: `−${formatBRL(cart.discount)}`, testId: 'cart-discount' }
          : null,
        hasCashback(cart) ? { label: 'Cashback', value: `−${formatBRL(cart.cashback_value)}` } : null,
        {
          label: 'Frete',
          value: cart.shippingSelection.length ? priceLabel(cart.shipping) : 'A calcular',
          testId: 'cart-shipping',
        },
      ]}
      total={{ label: 'Total', value: formatBRL(cart.total), testId: 'cart-total' }}
    />
  );
}
