import type { DeliveryOption } from '../../../src/contracts/shipping';
import { deadlineLabel, priceLabel } from '../../../src/ui/product/shipping-options';
import type { CheckoutStore } from '../../stores/checkout';

/** One delivery option of one package (home delivery or a store's pickup), as a radio of that package's group. */
export function OptionRadio({
  store,
  storeKey,
  option,
  name,
}: {
  store: CheckoutStore;
  storeKey: string;
  option: DeliveryOption;
  name: string;
}) {
  const chosen = store.shipping.value.some(
    (s) =>
      s.store === storeKey && s.selectedOption.type === option.type && s.selectedOption.carrierId === option.carrierId,
  );
  const id = `co-ship-${storeKey}-${option.type}-${option.carrierId}`;
  const title =
    option.type === 'pickup'
      ? (option.store?.name ?? option.carrier)
      : option.type === 'expressa'
        ? 'Expressa'
        : 'Normal';
  const detail =
    option.type === 'pickup' && option.store
      ? `${option.store.address} · ${option.store.city}/${option.store.state}`
      : option.carrier;
  return (
    <label
      htmlFor={id}
      className={`co-option${chosen ? ' is-chosen' : ''}`}
      data-testid="shipping-option"
      data-type={option.type}
      data-store={storeKey}
    >
      <input
        id={id}
        type="radio"
        name={name}
        checked={chosen}
        onChange={() => store.selectShipping(storeKey, option)}
      />
      <span className="co-option__what">
        <strong>{title}</strong>
        <small>{detail}</small>
      </span>
      <span className="co-option__deadline">{deadlineLabel(option)}</span>
      <span className="co-option__price">{priceLabel(option.price)}</span>
    </label>
  );
}
