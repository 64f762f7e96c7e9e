import type { Cart } from '../../contracts/cart';
import { hasCashback } from '../../lib/cart/cart';
import { CART_ACTIONS } from '../../lib/cart/cart-forms';
import { formatBRL } from '../../lib/format/money';
import { CartForm } from './cart-form';
import type { CartViewProps } from './cart-view-props';

/** The signed-in customer's cashback: the applied amount with "Remover", the balance to use, or that there is none. */
export function CashbackField({ view, cart }: { view: CartViewProps; cart: Cart }) {
  // A visitor's cart has no balance (null): cashback is for signed-in customers.
  if (!view.signedIn && typeof cart.cashback_balance !== 'number') return null;
  if (hasCashback(cart)) {
    return (
      <CartForm
        action={CART_ACTIONS.cashbackRemove}
        view={view}
        className="cart-code cart-code--applied"
        testId="cart-cashback"
      >
        <p>
          Cashback aplicado: <strong>−{formatBRL(cart.cashback_value)}</strong>
        </p>
        <button type="submit" className="cart-link-button" disabled={view.busy}>
          Remover
        </button>
      </CartForm>
    );
  }
  const balance = cart.cashback_balance ?? 0;
  if (balance <= 0)
    return (
      <p className="cart-cashback__none" data-testid="cart-cashback">
        Você ainda não tem cashback disponível.
      </p>
    );
  const usable = Math.min(balance, Math.max(0, cart.subtotal - cart.discount));
  return (
    <CartForm action={CART_ACTIONS.cashback} view={view} className="cart-code" testId="cart-cashback">
      <input type="hidden" name="cashback" value={usable} />
      <p>
        Seu saldo de cashback: <strong>{formatBRL(balance)}</strong>
      </p>
      <button type="submit" className="cart-button" disabled={view.busy || usable <= 0}>
        Usar {formatBRL(usable)} de cashback
      </button>
    </CartForm>
  );
}
