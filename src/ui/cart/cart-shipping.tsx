import { CART_ACTIONS, homePackages, optionValue } from '../../lib/cart/cart-forms';
import { formatCep } from '../../lib/customer/cep';
import { CartForm } from './cart-form';
import { Notice } from './cart-notice';
import { ShipOption } from './ship-option';
import type { CartViewProps } from './cart-view-props';

/** The CEP form and the quoted options: one group per home-delivery package, one for the pickups. */
export function CartShipping({ view }: { view: CartViewProps }) {
  const id = `${view.idPrefix}-cep`;
  const chosen = new Set(view.selection.map((s) => optionValue(s.store, s.selectedOption)));
  const stores = view.quote ? Object.entries(view.quote) : [];
  const homes = view.quote ? homePackages(view.quote) : [];
  const pickups = stores.flatMap(([store, options]) =>
    options.filter((o) => o.type === 'pickup').map((o) => [store, o] as const),
  );
  return (
    <section className="cart-ship" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="cart-section-title">
        Frete
      </h3>
      <CartForm action="cep" method="get" view={view} className="cart-code">
        <label htmlFor={id}>CEP de entrega</label>
        <div className="cart-code__row">
          <input
            id={id}
            name="cep"
            className="cart-input"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            maxLength={9}
            defaultValue={view.cep ? formatCep(view.cep) : ''}
          />
          <button type="submit" className="cart-button" disabled={view.busy}>
            {view.pending === 'cep' ? 'Calculando…' : 'Calcular'}
          </button>
        </div>
      </CartForm>
      {view.quoteProblem ? <Notice notice={view.quoteProblem} /> : null}
      {stores.length ? (
        <CartForm action={CART_ACTIONS.shipping} view={view} className="cart-ship__options" label="Opções de frete">
          {homes.map((store, i) => (
            <fieldset key={store} className="cart-ship__package" data-store={store}>
              <legend>
                {homes.length > 1 ? `Pacote ${i + 1} de ${homes.length} — receber em casa` : 'Receber em casa'}
              </legend>
              {(view.quote![store] ?? [])
                .filter((o) => o.type !== 'pickup')
                .map((o) => (
                  <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
                ))}
            </fieldset>
          ))}
          {pickups.length ? (
            <fieldset className="cart-ship__package" data-store="pickup">
              <legend>Retirar na loja</legend>
              {pickups.map(([store, o]) => (
                <ShipOption key={optionValue(store, o)} view={view} store={store} option={o} chosen={chosen} />
              ))}
            </fieldset>
          ) : null}
          {/* Without JavaScript the choice is posted with this button; with it, picking an option is enough. */}
          <button type="submit" className="cart-button cart-ship__submit" disabled={view.busy}>
            Escolher frete
          </button>
        </CartForm>
      ) : null}
    </section>
  );
}
