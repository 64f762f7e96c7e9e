import type { Cart } from '../../contracts/cart';
import type { OmnichannelResponse } from '../../contracts/shipping';
import { CEP_INPUT } from '../../lib/customer/cep';
import { deadlineLabel, priceLabel } from '../product/shipping-options';
import { Field, Problem } from './field';
import { OrderSummary } from './summary';
import { NO_PAYMENT_METHODS, PAYMENT_METHODS } from '../../lib/payments/payment-methods';
import { bagFingerprint } from '../../lib/checkout/reviewed-bag';
import { goodsTotal } from '../../lib/checkout/order-total';

/** Field names of the no-JS checkout form (POST /checkout). */
export const BASIC_FIELDS = [
  'nome',
  'email',
  'cpf',
  'cep',
  'rua',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'uf',
  'entrega',
  'pagamento',
  'acao',
  'chave',
  'revisado',
  'itens',
] as const;
export type BasicField = (typeof BASIC_FIELDS)[number];
export type BasicValues = Partial<Record<BasicField, string>>;

export interface BasicCheckoutProps {
  cart: Cart;
  imageHost: string;
  /** Signed-in shopper's name (no guest fields then). */
  customerName: string | null;
  values: BasicValues;
  errors: Partial<Record<BasicField, string>>;
  options: OmnichannelResponse | null;
  problem: { title?: string; message: string } | null;
  /** Shipping price of the chosen option, once the form has one. */
  shipping: number | null;
  /** Method names the store can charge now (undefined: all); the form offers Pix and boleto among them. */
  methods?: readonly string[];
}

/** The no-JS form's methods (no card data without JavaScript), labelled by the payment-method registry. */
const BASIC_METHOD_NAMES = ['pix', 'bank-slip'] as const;

/** `store:type:carrierId`, the value of one delivery radio. */
export const optionValue = (store: string, o: { type: string; carrierId: number | string }) =>
  `${store}:${o.type}:${o.carrierId}`;

/**
 * The checkout as one plain form (no JavaScript needed): identification, CEP (the "Calcular frete" button
 * re-renders the page with the options), address, delivery option, Pix or boleto, and finish.
 */
export function BasicCheckout(props: BasicCheckoutProps) {
  const { values: v, errors: e, options } = props;
  const text = (name: BasicField, label: string, extra: Record<string, unknown> = {}) => (
    <Field id={`co-basic-${name}`} name={name} label={label} defaultValue={v[name] ?? ''} error={e[name]} {...extra} />
  );
  const radios = options ? Object.entries(options).flatMap(([store, list]) => list.map((o) => ({ store, o }))) : [];
  const offered = BASIC_METHOD_NAMES.filter((name) => !props.methods || props.methods.includes(name));
  return (
    <div className="co-layout co-basic">
      <form className="co-main" method="post" action="/checkout" noValidate>
        <h1>Finalizar compra</h1>
        <input type="hidden" name="chave" value={v.chave ?? ''} />
        {/* What this page shows (goods after discounts and cashback; the chosen shipping is added by the
            server): finish-order refuses the order if the bag changed since (another tab). */}
        <input type="hidden" name="revisado" value={String(goodsTotal(props.cart))} />
        <input type="hidden" name="itens" value={bagFingerprint(props.cart.items)} />
        <Problem problem={props.problem} />
        <fieldset>
          <legend>Identificação</legend>
          {props.customerName ? (
            <p>
              Você está comprando como <strong>{props.customerName}</strong>.
            </p>
          ) : (
            <>
              {text('nome', 'Nome completo', { autoComplete: 'name' })}
              {text('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
              {text('cpf', 'CPF', { inputMode: 'numeric' })}
            </>
          )}
        </fieldset>
        <fieldset>
          <legend>Entrega</legend>
          {text('cep', 'CEP', CEP_INPUT)}
          <button type="submit" name="acao" value="frete" className="co-button co-button--ghost">
            Calcular frete
          </button>
          {radios.length ? (
            <div className="co-options" role="radiogroup" aria-label="Como você quer receber?">
              {radios.map(({ store, o }) => {
                const value = optionValue(store, o);
                return (
                  <label
                    key={value}
                    className="co-option"
                    data-testid="shipping-option"
                    data-type={o.type}
                    data-store={store}
                  >
                    <input type="radio" name="entrega" value={value} defaultChecked={v.entrega === value} />
                    <span className="co-option__what">
                      <strong>
                        {o.type === 'pickup'
                          ? `Retirar: ${o.store?.name ?? o.carrier}`
                          : o.type === 'expressa'
                            ? 'Expressa'
                            : 'Normal'}
                      </strong>
                      <small>{o.carrier}</small>
                    </span>
                    <span className="co-option__deadline">{deadlineLabel(o)}</span>
                    <span className="co-option__price">{priceLabel(o.price)}</span>
                  </label>
                );
              })}
              {e.entrega ? (
                <span id="co-basic-entrega-error" className="co-field__error" role="alert">
                  {e.entrega}
                </span>
              ) : null}
            </div>
          ) : null}
          <p className="co-field__hint">Para receber em casa, preencha o endereço:</p>
          {text('rua', 'Rua', { autoComplete: 'address-line1' })}
          {text('numero', 'Número')}
          {text('complemento', 'Complemento (opcional)', { autoComplete: 'address-line2' })}
          {text('bairro', 'Bairro')}
          {text('cidade', 'Cidade', { autoComplete: 'address-level2' })}
          {text('uf', 'UF', { autoComplete: 'address-level1', maxLength: 2 })}
        </fieldset>
        <fieldset>
          <legend>Pagamento</legend>
          {offered
            .map((value) => [value, PAYMENT_METHODS.find((m) => m.name === value)!.label])
            .map(([value, label]) => (
              <label key={value} className="co-option">
                <input type="radio" name="pagamento" value={value} defaultChecked={(v.pagamento ?? 'pix') === value} />
                <span className="co-option__what">
                  <strong>{label}</strong>
                </span>
              </label>
            ))}
          {e.pagamento ? (
            <span id="co-basic-pagamento-error" className="co-field__error" role="alert">
              {e.pagamento}
            </span>
          ) : null}
          {/* Nothing but the coupon chargeable now: the same words as the payment step with JavaScript. */}
          {props.methods && props.methods.every((m) => m === 'coupon') ? (
            <p className="co-field__hint" role="status">
              {NO_PAYMENT_METHODS}
            </p>
          ) : (
            <p className="co-field__hint co-nojs-only">
              Cartão, PayPal, débito e Open Finance precisam de JavaScript ativado.
            </p>
          )}
        </fieldset>
        {/* No method this form can send (none offered, or only those that need JavaScript): nothing to finish here. */}
        {offered.length > 0 ? (
          <button type="submit" name="acao" value="finalizar" className="co-button co-button--primary">
            Finalizar compra
          </button>
        ) : (
          <a className="co-button co-button--ghost" href="/sacola">
            Voltar para a sacola
          </a>
        )}
      </form>
      <aside className="co-aside">
        <OrderSummary cart={props.cart} shipping={props.shipping} imageHost={props.imageHost} />
      </aside>
    </div>
  );
}
