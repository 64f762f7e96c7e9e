import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { CardBrand, PaymentMethodName } from '../../../src/contracts/checkout';
import { BOLETO_HINT } from '../../../src/lib/payments/boleto-terms';
import { detectCardBrand } from '../../../src/lib/checkout/card-brand';
import { NO_PAYMENT_METHODS, PAYMENT_METHODS } from '../../../src/lib/payments/payment-methods';
import { cardErrors, formatCardNumber, formatExpiry, type CardInput } from '../../../src/lib/checkout/checkout-form';
import { cartGa4Items } from '../../../src/lib/analytics/ga4';
import { installmentTable } from '../../../src/lib/checkout/installments';
import { centsToReais, formatBRL } from '../../../src/lib/format/money';
import { Fields, Problem, type FieldSpec } from '../../../src/ui/checkout/field';
import { track } from '../../analytics';
import type { InstallmentOption } from '../../gateways/checkout';
import { useStores } from '../../stores';
import type { CheckoutStore } from '../../stores/checkout';
import { dict } from '../../../src/lib/security/dict';

/** The checkout's labels, from the payment-method registry. */
export const METHOD_LABELS = dict(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m.name, m.label])) as Record<PaymentMethodName, string>,
);
/** Each method's hint; credit card's depends on the total (`cardHint`). */
const METHOD_HINTS: Record<Exclude<PaymentMethodName, 'credit-card'>, string> = dict({
  pix: 'Aprovação em minutos. O QR Code aparece após finalizar.',
  'bank-slip': BOLETO_HINT,
  paypal: 'Você confirma o pagamento no PayPal.',
  'debit-card': 'Confirmação com o seu banco na próxima tela.',
  'open-finance': 'Pague direto pela conta do seu banco, sem digitar dados.',
  coupon: 'Seu pedido está totalmente coberto pelo cupom.',
});
const PAYING_METHODS: PaymentMethodName[] = ['credit-card', 'pix', 'bank-slip', 'paypal', 'debit-card', 'open-finance'];

/**
 * The checkout's methods the store can charge (`GET /api/payment-methods` names, rendered into the page):
 * credit card when either card method is chargeable. Undefined (an older page): every method.
 */
const paymentMethodByName = (name: string) => PAYMENT_METHODS.find((m) => m.name === name);

export function offeredNames(offered: readonly string[] | undefined): PaymentMethodName[] {
  if (!offered) return PAYING_METHODS;
  return PAYING_METHODS.filter((name) =>
    name === 'credit-card' ? offered.some((o) => paymentMethodByName(o)?.kind === 'credit') : offered.includes(name),
  );
}

const BRAND_LABELS: Record<CardBrand, string> = dict({
  visa: 'Visa',
  mastercard: 'Mastercard',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners Club',
  amex: 'American Express',
  credsystem: 'Credsystem',
  unknown: 'não identificada',
});

const CARD_FIELDS: FieldSpec<keyof CardInput>[] = [
  {
    field: 'number',
    label: 'Número do cartão',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    mask: formatCardNumber,
  },
  { field: 'holder', label: 'Nome impresso no cartão', autoComplete: 'cc-name' },
  {
    field: 'expiry',
    label: 'Validade (MM/AA)',
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    placeholder: 'MM/AA',
    mask: formatExpiry,
  },
  {
    field: 'cvv',
    label: 'CVV',
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    maxLength: 4,
    mask: (v) => v.replace(/\D+/g, ''),
  },
];

export const EMPTY_CARD: CardInput = { number: '', holder: '', expiry: '', cvv: '' };

/** The credit-card hint: the most parcels the installment rule allows on this total. */
export function cardHint(total: number): string {
  const max = installmentTable(total).at(-1)?.number ?? 1;
  return max > 1 ? `Em até ${max}x; aprovação na hora.` : 'À vista; aprovação na hora.';
}

/** Order total as the checkout shows it: the cart's total with the chosen shipping. */
export function orderTotal(store: CheckoutStore): number {
  return store.total.value;
}

function Installments({ store, total }: { store: CheckoutStore; total: number }) {
  useSignals();
  const { gateways } = useStores();
  const [list, setList] = useState<InstallmentOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setList(null);
    gateways.checkout
      .installments(total)
      .then((l) => live && setList(l))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [total]);
  return (
    <div className="co-field">
      <label htmlFor="co-installments">Parcelas</label>
      <select
        id="co-installments"
        value={store.payment.value.installmentNumber}
        onChange={(e) => store.setInstallments(Number(e.target.value))}
        disabled={!list}
      >
        {(list ?? [{ number: 1, value: total, total, interestFree: true }]).map((o) => (
          <option key={o.number} value={o.number}>
            {o.number}x de {formatBRL(o.value)}{' '}
            {o.interestFree ? 'sem juros' : `com juros (total ${formatBRL(o.total)})`}
          </option>
        ))}
      </select>
      {!list && !failed ? <small className="co-field__hint">Carregando parcelas…</small> : null}
      {failed ? (
        <small className="co-field__hint">Não foi possível carregar as parcelas; pagamento à vista.</small>
      ) : null}
    </div>
  );
}

/** Step 2: the method list (spec ids/names), the card form with installments, coupon when the total is 0. */
export function PaymentStep({
  store,
  card,
  setCard,
  offered,
}: {
  store: CheckoutStore;
  card: CardInput;
  setCard: (c: CardInput) => void;
  /** Method names the store can charge now (live mode: configured providers only). */
  offered?: readonly string[];
}) {
  useSignals();
  const total = orderTotal(store);
  const method = store.paymentMethod.value;
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const methods: PaymentMethodName[] = total === 0 ? ['coupon'] : offeredNames(offered);
  // No card form for a method the store does not offer now (a production host without a card provider).
  const isCard = (method === 'credit-card' || method === 'debit-card') && methods.includes(method);
  const detected = detectCardBrand(card.number);
  const brand = card.number.replace(/\D+/g, '').length >= 4 ? detected : null;

  function proceed() {
    if (!methods.includes(method)) {
      setProblem('Escolha uma forma de pagamento.');
      return;
    }
    if (isCard) {
      const found = cardErrors(card, new Date());
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    const cart = store.cart.value;
    if (cart)
      track({
        event: 'add_payment_info',
        ecommerce: { currency: 'BRL', value: centsToReais(total), payment_type: method, items: cartGa4Items(cart) },
      });
    store.goToStep(3);
  }

  return (
    <div className="co-payment">
      {store.notice.value ? <Problem problem={{ title: 'PayPal indisponível', message: store.notice.value }} /> : null}
      <fieldset className="co-methods">
        <legend>Como você quer pagar?</legend>
        {methods.length === 0 ? (
          <p className="co-methods__none" role="status">
            {NO_PAYMENT_METHODS}
          </p>
        ) : null}
        {methods.map((name) => (
          <label
            key={name}
            htmlFor={`co-method-${name}`}
            className={`co-option${method === name ? ' is-chosen' : ''}`}
            data-testid="payment-method"
          >
            <input
              id={`co-method-${name}`}
              type="radio"
              name="co-method"
              value={name}
              checked={method === name}
              onChange={() => store.selectMethod(name)}
            />
            <span className="co-option__what">
              <strong>{METHOD_LABELS[name]}</strong>
              <small>{name === 'credit-card' ? cardHint(total) : METHOD_HINTS[name]}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {isCard ? (
        <fieldset className="co-card">
          <legend>Dados do cartão</legend>
          <Fields
            idPrefix="co-card-"
            specs={CARD_FIELDS}
            values={card}
            errors={errors}
            hints={brand ? { number: `Bandeira: ${BRAND_LABELS[brand]}` } : {}}
            onChange={setCard}
          />
          {method === 'credit-card' ? <Installments store={store} total={total} /> : null}
        </fieldset>
      ) : null}
      <Problem problem={problem ? { message: problem } : null} />
      {methods.length > 0 ? (
        <button type="button" className="co-button" onClick={proceed} disabled={store.busy.value}>
          Revisar o pedido
        </button>
      ) : null}
    </div>
  );
}
