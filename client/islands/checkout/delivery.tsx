import { useSignals } from '@preact/signals-react/runtime';
import { CART_TEXT } from '../../../src/lib/cart/cart-messages';
import { useEffect, useState, type FormEvent } from 'react';
import { cepProblem } from '../../../src/lib/customer/address';
import { homePackages } from '../../../src/lib/cart/cart-forms';
import { CEP_INPUT, formatCep, normalizeCep } from '../../../src/lib/customer/cep';
import { rememberedCep } from '../../remembered-cep';
import { cartGa4Items } from '../../../src/lib/analytics/ga4';
import { centsToReais } from '../../../src/lib/format/money';
import { FACTORY_STORE, NO_SHIPPING } from '../../../src/lib/cart/omnichannel';
import { Field, Fields, Problem } from '../../../src/ui/checkout/field';
import { track } from '../../analytics';
import { useFocusFirstInvalid } from '../../focus-invalid';
import type { SavedAddress } from '../../gateways/checkout';
import type { CheckoutStore, NewAddress } from '../../stores/checkout';
import { ADDRESS_FIELDS, addressErrors, EMPTY, withPlace } from './new-address';
import { OptionRadio } from './option-radio';
import { SavedAddresses } from './saved-addresses';
import { problemOf, type ProblemText } from './problem';

const CEP_NOT_QUOTED = 'Calcule o frete para o CEP informado.';

/** Step 1: CEP → stock re-check and per-package options; home delivery needs the address, pickup does not. */
export function Delivery({ store, signedIn }: { store: CheckoutStore; signedIn: boolean }) {
  useSignals();
  const saved = store.address.value;
  const [address, setAddress] = useState<NewAddress>(saved?.kind === 'new' ? saved.address : EMPTY);
  const [cep, setCep] = useState(formatCep(address.zipCode));
  const [errors, setErrors] = useState<Partial<Record<keyof NewAddress, string>>>({});
  const [problem, setProblem] = useState<ProblemText | null>(null);
  const options = store.options.value;
  const quoting = store.loading.value.shipping;
  const chosen = saved?.kind === 'saved' ? saved.id : saved?.kind === 'new' || !signedIn ? 'new' : null;
  const usingSaved = saved?.kind === 'saved';
  // The CEP field edited since the quote: the options on screen are for another CEP and are not what is ordered.
  const quotedZip = store.quotedZip.value;
  const stale = !!options && !usingSaved && !quoting && quotedZip !== null && normalizeCep(cep) !== quotedZip;
  const { root, focusInvalid } = useFocusFirstInvalid<HTMLDivElement>();

  async function runQuote(digits: string): Promise<boolean> {
    setProblem(null);
    try {
      await store.loadOptions(digits);
      restoreCartChoice(digits);
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    }
  }

  // A quote for the CEP the cart was quoted for brings the cart's chosen options back (a reload, a saved address
  // picked after the cart's CEP was quoted: the later quote would otherwise drop them).
  function restoreCartChoice(digits: string) {
    const options = store.options.value;
    const cart = store.cart.value;
    if (!options || !cart?.shippingZip || normalizeCep(cart.shippingZip) !== normalizeCep(digits)) return;
    for (const { store: key, selectedOption } of cart.shippingSelection ?? []) {
      const option = options[key]?.find(
        (o) => o.type === selectedOption.type && o.carrierId === selectedOption.carrierId,
      );
      if (option) store.selectShipping(key, option);
    }
  }

  // The shopper types the CEP once: the one quoted in the cart (the cart keeps it: any device) or else the one this
  // browser last quoted (a product page), and the cart's chosen options come along.
  useEffect(() => {
    if (saved || store.options.value) return;
    const digits = store.cart.value?.shippingZip ?? rememberedCep();
    if (!digits) return;
    setCep(formatCep(digits));
    const next = withPlace({ ...address, zipCode: digits });
    setAddress(next);
    store.setAddress({ kind: 'new', address: next });
    void runQuote(digits);
    // Only when the step first shows.
  }, []);

  function pick(a: SavedAddress | null) {
    setErrors({});
    if (!a) {
      store.setAddress({ kind: 'new', address: { ...address, zipCode: normalizeCep(cep) } });
      return;
    }
    store.setAddress({
      kind: 'saved',
      id: a.id,
      address: {
        zipCode: normalizeCep(a.zipCode),
        street: a.street,
        number: a.number,
        complement: a.complement ?? undefined,
        neighborhood: a.neighborhood,
        city: a.city,
        state: a.state,
      },
    });
    setCep(formatCep(a.zipCode));
    void runQuote(normalizeCep(a.zipCode));
  }

  async function quote(event: FormEvent) {
    event.preventDefault();
    const digits = normalizeCep(cep);
    const problem = cepProblem(digits, CART_TEXT.cepIncomplete);
    if (problem) {
      // Nothing quoted for another CEP stays on screen as if it were for this one.
      store.dropOptions();
      setErrors({ zipCode: problem });
      focusInvalid();
      return;
    }
    setErrors({});
    const next = withPlace({ ...address, zipCode: digits });
    setAddress(next);
    store.setAddress({ kind: 'new', address: next });
    await runQuote(digits);
  }

  async function proceed() {
    setProblem(null);
    if (stale) {
      setErrors({ zipCode: cepProblem(cep, CART_TEXT.cepIncomplete) ?? CEP_NOT_QUOTED });
      focusInvalid();
      return;
    }
    if (store.shipping.value.length === 0) {
      setProblem({ message: 'Escolha uma forma de entrega.' });
      return;
    }
    const missing =
      options && !store.pickup.value
        ? homePackages(options).filter((k) => !store.shipping.value.some((s) => s.store === k))
        : [];
    if (missing.length) {
      setProblem({ message: CART_TEXT.shippingPackages });
      return;
    }
    if (!store.pickup.value && !usingSaved) {
      const found = addressErrors(address);
      setErrors(found);
      if (Object.keys(found).length) {
        focusInvalid();
        return;
      }
      store.setAddress({ kind: 'new', address: { ...address, state: address.state.trim().toUpperCase() } });
    }
    // A saved address from before the address rule: finish-order would refuse it, so say so here.
    const savedError =
      !store.pickup.value && saved?.kind === 'saved' ? Object.values(addressErrors(saved.address))[0] : undefined;
    if (savedError) {
      setProblem({
        title: 'Confira o endereço',
        message: `${savedError} Corrija-o em Minha conta ou use outro endereço.`,
      });
      return;
    }
    try {
      if (!(await store.validateShipping())) {
        setProblem({ title: NO_SHIPPING.title, message: NO_SHIPPING.error });
        return;
      }
    } catch (error) {
      setProblem(problemOf(error));
      return;
    }
    const cart = store.cart.value;
    const tier = store.shipping.value.map((s) => s.selectedOption.type).join(',');
    if (cart)
      track({
        event: 'add_shipping_info',
        ecommerce: { currency: 'BRL', value: centsToReais(cart.total), shipping_tier: tier, items: cartGa4Items(cart) },
      });
    store.goToStep(2);
  }

  const homeStores = options ? homePackages(options) : [];
  const pickups = options
    ? Object.entries(options).flatMap(([key, list]) =>
        list.filter((o) => o.type === 'pickup').map((option) => ({ key, option })),
      )
    : [];

  return (
    <div className="co-delivery" ref={root}>
      {signedIn ? <SavedAddresses chosen={chosen} onPick={pick} /> : null}
      {usingSaved ? null : (
        <form className="co-cep" onSubmit={quote} noValidate>
          <Field
            id="co-cep"
            label="CEP"
            {...CEP_INPUT}
            value={cep}
            onChange={(e) => setCep(formatCep(e.target.value))}
            error={errors.zipCode}
            hint={stale ? `As opções de entrega abaixo são do CEP ${formatCep(quotedZip ?? '')}.` : undefined}
          />
          <button type="submit" className="co-button co-button--ghost" disabled={quoting}>
            {quoting ? 'Calculando…' : 'Calcular frete'}
          </button>
        </form>
      )}
      <div aria-live="polite">
        {quoting ? <p className="co-loading">Conferindo o estoque e buscando opções de entrega…</p> : null}
      </div>
      {options ? (
        <fieldset className="co-options">
          <legend>Como você quer receber?</legend>
          {homeStores.map((key, i) => (
            <div
              key={key}
              className="co-package"
              role="radiogroup"
              aria-label={homeStores.length > 1 ? `Pacote ${i + 1}: receber em casa` : 'Receber em casa'}
            >
              <h3>{homeStores.length > 1 ? `Pacote ${i + 1} — receber em casa` : 'Receber em casa'}</h3>
              {(options[key] ?? [])
                .filter((o) => o.type !== 'pickup')
                .map((o) => (
                  <OptionRadio
                    key={`${o.type}-${o.carrierId}`}
                    store={store}
                    storeKey={key}
                    option={o}
                    name={key === FACTORY_STORE ? 'co-ship' : `co-ship-${key}`}
                  />
                ))}
            </div>
          ))}
          {pickups.length ? (
            <div className="co-package" role="radiogroup" aria-label="Retirar na loja">
              <h3>Retirar na loja</h3>
              {pickups.map(({ key, option }) => (
                <OptionRadio key={key} store={store} storeKey={key} option={option} name="co-ship" />
              ))}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      {options && store.shipping.value.length > 0 && !store.pickup.value && !usingSaved ? (
        <fieldset className="co-address">
          <legend>Endereço de entrega</legend>
          <Fields idPrefix="co-" specs={ADDRESS_FIELDS} values={address} errors={errors} onChange={setAddress} />
        </fieldset>
      ) : null}
      <Problem problem={problem} />
      {options ? (
        <button type="button" className="co-button" onClick={() => void proceed()} disabled={store.busy.value}>
          {store.loading.value.validation ? 'Validando…' : 'Continuar para o pagamento'}
        </button>
      ) : null}
    </div>
  );
}
