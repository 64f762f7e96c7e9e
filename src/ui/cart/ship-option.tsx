import type { DeliveryOption } from '../../contracts/shipping';
import { optionField, optionValue } from '../../lib/cart/cart-forms';
import { deadlineLabel, priceLabel } from '../product/shipping-options';
import type { CartViewProps } from './cart-view-props';

/**
 * One delivery option's radio. With JavaScript, picking submits the form at once; a pickup and the home
 * deliveries exclude each other (they are separate groups when the cart ships in several packages).
 */
export function ShipOption({
  view,
  store,
  option: o,
  chosen,
}: {
  view: CartViewProps;
  store: string;
  option: DeliveryOption;
  chosen: Set<string>;
}) {
  const value = optionValue(store, o);
  const pick = (input: HTMLInputElement) => {
    input.form?.querySelectorAll<HTMLInputElement>('input[type=radio]').forEach((other) => {
      if ((other.dataset.type === 'pickup') !== (o.type === 'pickup')) other.checked = false;
    });
    input.form?.requestSubmit();
  };
  return (
    <label className="cart-ship__option" data-type={o.type}>
      <input
        type="radio"
        name={optionField(view.quote ?? {}, store, o)}
        value={value}
        data-type={o.type}
        defaultChecked={chosen.has(value)}
        onChange={view.onAction ? (e) => pick(e.currentTarget) : undefined}
      />
      <span className="cart-ship__what">
        <strong>
          {o.type === 'pickup' ? (o.store?.name ?? 'Retirada na loja') : o.type === 'expressa' ? 'Expressa' : 'Normal'}
        </strong>{' '}
        {o.carrier} · {deadlineLabel(o)}
      </span>
      <span className="cart-ship__price">{priceLabel(o.price)}</span>
    </label>
  );
}
