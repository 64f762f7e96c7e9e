import type { DeliveryOption, OmnichannelResponse } from '../../contracts/shipping';
import { homePackages } from '../../lib/cart/cart-forms';
import { formatCep } from '../../lib/customer/cep';
import { formatBRL } from '../../lib/format/money';
import { businessDaysLabel } from '../../lib/format/text';
import { dict } from '../../lib/security/dict';

const TYPE_LABEL: Record<DeliveryOption['type'], string> = dict({
  normal: 'Normal',
  expressa: 'Expressa',
  pickup: 'Retirada',
});

export function deadlineLabel(option: Pick<DeliveryOption, 'type' | 'deadline'>): string {
  if (option.type === 'pickup')
    return option.deadline === 0 ? 'Pronto para retirada hoje' : `Pronto em até ${businessDaysLabel(option.deadline)}`;
  return `Até ${businessDaysLabel(option.deadline)}`;
}

export const priceLabel = (cents: number) => (cents === 0 ? 'Grátis' : formatBRL(cents));

function Option({ option, store }: { option: DeliveryOption; store: string }) {
  return (
    <li className={`pdp-ship__option pdp-ship__option--${option.type}`} data-type={option.type} data-store={store}>
      <span className="pdp-ship__what">
        <strong>{option.type === 'pickup' && option.store ? option.store.name : TYPE_LABEL[option.type]}</strong>
        <span className="pdp-ship__carrier">
          {option.type === 'pickup' && option.store
            ? `${option.store.address} · ${option.store.city}/${option.store.state}`
            : option.carrier}
        </span>
      </span>
      <span className="pdp-ship__deadline">{deadlineLabel(option)}</span>
      <span className={`pdp-ship__price${option.price === 0 ? ' pdp-ship__price--free' : ''}`}>
        {priceLabel(option.price)}
      </span>
    </li>
  );
}

/**
 * Delivery options grouped as the cart shows them: home delivery (from the store whose package ships the
 * SKU: the factory, or the store holding it) first, then pickup per store.
 */
export function ShippingOptions({ cep, result }: { cep: string; result: OmnichannelResponse }) {
  const home = homePackages(result).flatMap((key) =>
    result[key]!.filter((o) => o.type !== 'pickup').map((option) => ({ key, option })),
  );
  const pickups = Object.entries(result).flatMap(([key, options]) =>
    options.filter((o) => o.type === 'pickup').map((option) => ({ key, option })),
  );
  return (
    <div className="pdp-ship__result" data-testid="shipping-options">
      <p className="pdp-ship__for">
        Opções para o CEP <strong>{formatCep(cep)}</strong>
      </p>
      {home.length ? (
        <section className="pdp-ship__group">
          <h3>Receber em casa</h3>
          <ul>
            {home.map(({ key, option }) => (
              <Option key={`${key}-${option.carrierId}-${option.type}`} option={option} store={key} />
            ))}
          </ul>
        </section>
      ) : null}
      {pickups.length ? (
        <section className="pdp-ship__group">
          <h3>Retirar na loja</h3>
          <ul>
            {pickups.map(({ key, option }) => (
              <Option key={key} option={option} store={key} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export interface ShippingProblem {
  title?: string;
  message: string;
}

export function ShippingError({ problem }: { problem: ShippingProblem }) {
  return (
    <div className="pdp-ship__error" role="alert">
      {problem.title ? <strong>{problem.title}</strong> : null} <span>{problem.message}</span>
    </div>
  );
}
