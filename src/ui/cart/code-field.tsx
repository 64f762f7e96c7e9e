import { formatBRL } from '../../lib/format/money';
import { CartForm } from './cart-form';
import type { CartViewProps } from './cart-view-props';

/** The coupon or the seller code: a field to apply it, or the applied code with its discount and "Remover". */
export function CodeField(props: {
  view: CartViewProps;
  id: string;
  name: 'coupon' | 'seller';
  label: string;
  action: string;
  removeAction: string;
  applied: { code: string; discount: number; name?: string } | null | undefined;
}) {
  const { view, applied } = props;
  if (applied) {
    return (
      <CartForm action={props.removeAction} view={view} className="cart-code cart-code--applied">
        <p>
          {props.label}: <strong data-testid={`cart-${props.name}-applied`}>{applied.code}</strong>
          {applied.name ? ` (${applied.name})` : ''} <span>−{formatBRL(applied.discount)}</span>
        </p>
        <button type="submit" className="cart-link-button" disabled={view.busy}>
          Remover
        </button>
      </CartForm>
    );
  }
  const loading = view.pending === props.action;
  return (
    <CartForm action={props.action} view={view} className="cart-code">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="cart-code__row">
        <input
          id={props.id}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          className="cart-input"
        />
        <button
          type="submit"
          className="cart-button"
          disabled={view.busy}
          aria-label={`Aplicar ${props.label.toLowerCase()}`}
        >
          {loading ? 'Aplicando…' : 'Aplicar'}
        </button>
      </div>
    </CartForm>
  );
}
