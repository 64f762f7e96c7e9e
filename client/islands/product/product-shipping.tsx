import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import { CEP_INPUT, formatCep, normalizeCep } from '../../../src/lib/customer/cep';
import type { Selection } from '../../../src/lib/catalog/product-selection';
import { ShippingError, ShippingOptions, type ShippingProblem } from '../../../src/ui/product/shipping-options';
import { rememberCep, rememberedCep } from '../../remembered-cep';
import { ApiRequestError } from '../../api';
import { useStores } from '../../stores';
import { CART_MESSAGES } from '../../../src/lib/messages/cart';

/** A quote the server already made for `?cep=` (the form works without JavaScript). */
export interface InitialShipping {
  cep: string;
  result: OmnichannelResponse | null;
  problem: ShippingProblem | null;
}

interface Props {
  action: string;
  selection: Selection;
  /** SKU to quote (the selected one, else the colour's first in stock); null when sold out. */
  sku: string | null;
  sizeChosen: boolean;
  initial: InitialShipping | null;
}

type State =
  | { status: 'idle' }
  | { status: 'loading'; cep: string }
  | { status: 'done'; cep: string; result: OmnichannelResponse }
  | { status: 'error'; problem: ShippingProblem };

const FAILED: ShippingProblem = { message: CART_MESSAGES.shippingFailed };
const INCOMPLETE: ShippingProblem = { message: 'Informe um CEP válido, com 8 dígitos.' };

function initialState(initial: InitialShipping | null): State {
  if (!initial) return { status: 'idle' };
  if (initial.result) return { status: 'done', cep: initial.cep, result: initial.result };
  return initial.problem ? { status: 'error', problem: initial.problem } : { status: 'idle' };
}

/** Shipping and pickup by CEP: masked input, one GET /api/omnichannel per request, grouped answer. */
export function ShippingSimulator({ action, selection, sku, sizeChosen, initial }: Props) {
  const [cep, setCep] = useState(initial ? formatCep(initial.cep) : '');
  const [state, setState] = useState<State>(() => initialState(initial));
  const { cart, gateways } = useStores();
  const ticket = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const quoted = useRef<{ cep: string; sku: string | null } | null>(initial?.result ? { cep: initial.cep, sku } : null);

  async function run(digits: string) {
    if (!sku) return;
    const mine = ++ticket.current;
    quoted.current = { cep: digits, sku };
    setState({ status: 'loading', cep: digits });
    let next: State;
    try {
      // The cart's id from the cart store (the HttpOnly `cart` cookie is not readable here).
      const result = await gateways.shipping.productQuote({ zipCode: digits, sku, cartId: cart.cartId() });
      next = { status: 'done', cep: digits, result };
      rememberCep(digits);
    } catch (error) {
      // The server's own words when it refused the CEP; the generic text for a transport failure.
      const refused = error instanceof ApiRequestError && error.status > 0 && typeof error.body.error === 'string';
      next = { status: 'error', problem: refused ? { title: error.title, message: error.message } : FAILED };
    }
    if (mine === ticket.current) setState(next);
  }

  // Remember the last CEP that got a quote (read after hydration: storage is not in the server HTML).
  // A CEP typed before this island hydrated is in the field, not in the state: keep it.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed && !cep) setCep(formatCep(typed));
    if (cep || typed) return;
    const saved = rememberedCep();
    if (saved) setCep(formatCep(saved));
    // Only on mount.
  }, []);

  // Pickup depends on the SKU's stock: a new size or colour re-quotes the CEP already asked for.
  useEffect(() => {
    const last = quoted.current;
    if (last && sku && last.sku !== sku) void run(last.cep);
    if (!sku) {
      // A colour sold out everywhere: an earlier answer would describe another SKU.
      ticket.current++;
      setState({ status: 'idle' });
    }
  }, [sku]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The field is the truth: what was typed before hydration never reached the state.
    const typed = input.current?.value ?? cep;
    if (typed !== cep) setCep(formatCep(typed));
    const digits = normalizeCep(typed);
    if (digits.length !== 8) {
      ticket.current++;
      setState({ status: 'error', problem: INCOMPLETE });
      return;
    }
    void run(digits);
  }

  const loading = state.status === 'loading';
  return (
    <section className="pdp-ship" aria-labelledby="pdp-ship-title">
      <h2 id="pdp-ship-title" className="pdp-ship__title">
        Frete e retirada
      </h2>
      <form className="pdp-ship__form" method="get" action={action} onSubmit={submit} noValidate>
        <input type="hidden" name="cor" value={selection.color} />
        {selection.size ? <input type="hidden" name="tamanho" value={selection.size} /> : null}
        <label htmlFor="pdp-cep" className="pdp-ship__label">
          Calcule o frete e o prazo
        </label>
        <div className="pdp-ship__row">
          <input
            id="pdp-cep"
            ref={input}
            name="cep"
            className="pdp-ship__input"
            {...CEP_INPUT}
            value={cep}
            onChange={(e) => setCep(formatCep(e.target.value))}
            aria-describedby="pdp-ship-help"
            disabled={!sku}
          />
          <button type="submit" className="pdp-ship__submit" disabled={loading || !sku}>
            {loading ? 'Calculando…' : 'Calcular'}
          </button>
        </div>
        <p id="pdp-ship-help" className="pdp-ship__help">
          {sku ? null : 'Produto esgotado nesta cor. '}
          <a
            href="https://buscacepinter.correios.com.br/app/endereco/index.php"
            target="_blank"
            rel="noopener noreferrer"
          >
            Não sei meu CEP
          </a>
        </p>
      </form>
      <div className="pdp-ship__answer" aria-live="polite" aria-busy={loading}>
        {loading ? <p className="pdp-ship__loading">Buscando opções de entrega…</p> : null}
        {state.status === 'done' ? <ShippingOptions cep={state.cep} result={state.result} /> : null}
        {state.status === 'done' && !sizeChosen ? (
          <p className="pdp-ship__hint">
            A retirada em loja depende do estoque do tamanho: escolha o seu para confirmar.
          </p>
        ) : null}
        {state.status === 'error' ? <ShippingError problem={state.problem} /> : null}
      </div>
    </section>
  );
}
