// The cart's one server- and client-rendered view; its parts live beside it, and every form works without JavaScript.
import { CART_ACTIONS } from '../../lib/cart/cart-forms';
import { CartLine } from './cart-line';
import { Notice } from './cart-notice';
import { CartShipping } from './cart-shipping';
import { CartTotals } from './cart-totals';
import { CashbackField } from './cashback-field';
import { CodeField } from './code-field';
import type { CartViewProps } from './cart-view-props';
import { CART_MESSAGES } from '../../lib/messages/cart';

export type { CartNotice, CartViewProps } from './cart-view-props';

/** The cart's content (drawer, /sacola and the app screen): lines, codes, cashback, shipping, totals. */
export function CartView(view: CartViewProps) {
  const { cart } = view;
  if (!cart || cart.items.length === 0) {
    return (
      <div className="cart-empty" data-testid="cart-empty">
        {view.notice ? <Notice notice={view.notice} /> : null}
        <p className="cart-empty__title">{CART_MESSAGES.empty}</p>
        <p>Que tal começar pelas novidades?</p>
        <a className="cart-button cart-button--primary" href="/moda-praia">
          Continuar comprando
        </a>
      </div>
    );
  }
  return (
    <div className="cart" aria-busy={view.busy}>
      {view.notice ? <Notice notice={view.notice} id={`${view.idPrefix}-notice`} /> : null}
      {cart.hasPreSale ? (
        <p className="cart-presale">
          Sua sacola tem produto em pré-venda: o envio acontece quando a peça chega ao estoque.
        </p>
      ) : null}
      {cart.modal_gift ? (
        <div className="cart-notice cart-notice--success">
          <strong className="cart-notice__title">{cart.modal_gift.title}</strong> <span>{cart.modal_gift.message}</span>
        </div>
      ) : null}
      <ul className="cart-lines" aria-label="Produtos na sacola">
        {cart.items.map((item) => (
          <CartLine key={item.id_item_cart} item={item} view={view} />
        ))}
      </ul>
      <div className="cart-extras">
        <CodeField
          view={view}
          id={`${view.idPrefix}-coupon`}
          name="coupon"
          label="Cupom de desconto"
          action={CART_ACTIONS.coupon}
          removeAction={CART_ACTIONS.couponRemove}
          applied={cart.coupon}
        />
        <CodeField
          view={view}
          id={`${view.idPrefix}-seller`}
          name="seller"
          label="Código do vendedor"
          action={CART_ACTIONS.seller}
          removeAction={CART_ACTIONS.sellerRemove}
          applied={cart.seller}
        />
        <CashbackField view={view} cart={cart} />
        <CartShipping view={view} />
      </div>
      <CartTotals cart={cart} />
      <a className="cart-button cart-button--primary cart-checkout" href="/checkout">
        Finalizar compra
      </a>
    </div>
  );
}
