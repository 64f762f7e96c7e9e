import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { cardDigits } from '../../../src/lib/checkout/card-brand';
import { cardErrors, parseExpiry, type CardInput } from '../../../src/lib/checkout/checkout-form';
import { formatCep } from '../../../src/lib/customer/cep';
import { formatBRL } from '../../../src/lib/format/money';
import { isCardMethod } from '../../../src/lib/payments/payment-methods';
import { Problem } from '../../../src/ui/checkout/field';
import { deadlineLabel } from '../../../src/ui/product/shipping-options';
import { useStores } from '../../stores';
import { ApiRequestError } from '../../api';
import { PaypalFallback, type CardData, type CheckoutStore } from '../../stores/checkout';
import { METHOD_LABELS, orderTotal } from './payment';
import { problemOf, type ProblemText } from './problem';
import { dict } from '../../../src/lib/security/dict';
import { CART_TEXT, restrictedNotice, restrictedProducts } from '../../../src/lib/cart/cart-messages';

const EMPTY_CODE = dict({
  coupon: { title: CART_TEXT.couponEmpty.title, message: CART_TEXT.couponEmpty.message },
  seller: { title: CART_TEXT.sellerEmpty.title, message: CART_TEXT.sellerEmpty.message },
});

/** The cart's restricted-coupon notice, its products written before the text (the checkout's problem has no list). */
function restricted(error: ApiRequestError): ProblemText | null {
  const products = restrictedProducts(error.body);
  if (!products) return null;
  const notice = restrictedNotice(products);
  return { title: notice.title, message: `${products.join(', ')} — ${notice.message}` };
}

function CodeForm({ kind, store }: { kind: 'coupon' | 'seller'; store: CheckoutStore }) {
  useSignals();
  const { ui } = useStores();
  const cart = store.cart.value;
  const applied = kind === 'coupon' ? cart?.coupon : cart?.seller;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<ProblemText | null>(null);
  const busy = kind === 'coupon' ? store.loading.value.coupon : store.loading.value.sellerCoupon;
  const id = `co-${kind}`;
  const label = kind === 'coupon' ? 'Cupom de desconto' : 'Código do vendedor';

  async function run(action: () => Promise<unknown>) {
    setProblem(null);
    try {
      await action();
      setCode('');
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'LOGIN_REQUIRED') ui.openLogin('/checkout');
      setProblem((error instanceof ApiRequestError && restricted(error)) || problemOf(error));
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setProblem(EMPTY_CODE[kind]);
    void run(() => (kind === 'coupon' ? store.applyCoupon(code.trim()) : store.applySellerCode(code.trim())));
  }

  return (
    <form className="co-code" onSubmit={submit} noValidate>
      {applied ? (
        <p className="co-code__applied">
          {label}: <strong>{applied.code}</strong> (− {formatBRL(applied.discount)}){' '}
          <button
            type="button"
            className="co-link"
            disabled={busy}
            onClick={() => void run(() => (kind === 'coupon' ? store.removeCoupon() : store.removeSellerCode()))}
          >
            Remover
          </button>
        </p>
      ) : (
        <div className="co-code__row">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            autoComplete="off"
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button type="submit" className="co-button co-button--ghost" disabled={busy}>
            {busy ? 'Aplicando…' : 'Aplicar'}
          </button>
        </div>
      )}
      <div id={`${id}-problem`}>
        <Problem problem={problem} />
      </div>
    </form>
  );
}

function Cashback({ store }: { store: CheckoutStore }) {
  useSignals();
  const cart = store.cart.value;
  const [problem, setProblem] = useState<ProblemText | null>(null);
  const balance = cart?.cashback_balance ?? 0;
  const busy = store.loading.value.cashback;
  if (!cart || (balance <= 0 && cart.cashback_value <= 0)) return null;
  const run = (action: () => Promise<unknown>) => {
    setProblem(null);
    action().catch((error: unknown) => setProblem(problemOf(error)));
  };
  return (
    <div className="co-cashback">
      {cart.cashback_value > 0 ? (
        <p>
          Cashback aplicado: <strong>{formatBRL(cart.cashback_value)}</strong>{' '}
          <button type="button" className="co-link" disabled={busy} onClick={() => run(() => store.removeCashback())}>
            Remover
          </button>
        </p>
      ) : (
        <button
          type="button"
          className="co-button co-button--ghost"
          disabled={busy}
          onClick={() => run(() => store.applyCashback(Math.min(balance, cart.subtotal - cart.discount)))}
        >
          Usar meu cashback ({formatBRL(balance)})
        </button>
      )}
      <Problem problem={problem} />
    </div>
  );
}

function cardData(card: CardInput): CardData {
  const exp = parseExpiry(card.expiry);
  return {
    cardNumber: cardDigits(card.number),
    securityCode: card.cvv,
    expirationMonth: exp ? String(exp.month).padStart(2, '0') : '',
    expirationYear: exp ? String(exp.year) : '',
    holderName: card.holder.trim(),
  };
}

/** Step 3: what will be ordered, codes and cashback still editable, then finish and go where the payment says. */
export function Review({ store, card }: { store: CheckoutStore; card: CardInput }) {
  useSignals();
  const { ui } = useStores();
  const [problem, setProblem] = useState<ProblemText | null>(null);
  /** The session ended on the way (401): the message comes with a way to sign in again, back to /checkout. */
  const [expired, setExpired] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  // A refused finish (the bag changed in another tab, a declined card): keyboard focus goes to the message,
  // just above the new total and the button.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  const address = store.address.value;
  const method = store.paymentMethod.value;
  const payment = store.payment.value;
  const finishing = store.finishing.value;

  async function finish() {
    setProblem(null);
    setExpired(false);
    // After a PayPal fallback (or a reload) the card may be missing: collect it first.
    if (isCardMethod(store.payment.value.paymentMethodId) && Object.keys(cardErrors(card, new Date())).length) {
      store.goToStep(2);
      return;
    }
    try {
      await store.finish(isCardMethod(store.payment.value.paymentMethodId) ? cardData(card) : null, {
        go: (result) => location.assign(result.next.kind === 'redirect' ? result.next.url : result.redirect),
      });
    } catch (error) {
      if (error instanceof PaypalFallback) store.goToStep(2);
      setExpired(error instanceof ApiRequestError && error.status === 401);
      setProblem(problemOf(error));
    }
  }

  return (
    <div className="co-review">
      <section className="co-review__block" aria-labelledby="co-review-delivery">
        <h2 id="co-review-delivery">Entrega</h2>
        {store.shipping.value.map((s) => (
          <p key={s.store}>
            {s.selectedOption.type === 'pickup'
              ? `Retirada: ${s.selectedOption.store?.name ?? s.selectedOption.carrier}`
              : `${s.selectedOption.carrier} (${s.selectedOption.type})`}{' '}
            · {deadlineLabel(s.selectedOption)} ·{' '}
            {s.selectedOption.price === 0 ? 'Grátis' : formatBRL(s.selectedOption.price)}
          </p>
        ))}
        {address && !store.pickup.value ? (
          <p>
            {address.address.street}, {address.address.number}
            {address.address.complement ? ` — ${address.address.complement}` : ''} · {address.address.neighborhood} ·{' '}
            {address.address.city}/{address.address.state} · CEP {formatCep(address.address.zipCode)}
          </p>
        ) : null}
        <button type="button" className="co-link" onClick={() => store.goToStep(1)}>
          Alterar entrega
        </button>
      </section>
      <section className="co-review__block" aria-labelledby="co-review-payment">
        <h2 id="co-review-payment">Pagamento</h2>
        <p data-testid="review-payment">
          {METHOD_LABELS[method]}
          {method === 'credit-card' ? ` · ${payment.installmentNumber}x` : ''}
          {card.number && isCardMethod(payment.paymentMethodId) ? ` · final ${cardDigits(card.number).slice(-4)}` : ''}
        </p>
        <button type="button" className="co-link" onClick={() => store.goToStep(2)}>
          Alterar pagamento
        </button>
      </section>
      <section className="co-review__block" aria-labelledby="co-review-codes">
        <h2 id="co-review-codes">Cupom, vendedor e cashback</h2>
        <CodeForm kind="coupon" store={store} />
        <CodeForm kind="seller" store={store} />
        <Cashback store={store} />
      </section>
      <p className="co-review__total">
        Total: <strong data-testid="review-total">{formatBRL(orderTotal(store))}</strong>
      </p>
      <div ref={problemRef} tabIndex={-1} className="co-review__problem" data-testid="review-problem">
        <Problem problem={problem} />
        {expired ? (
          <button type="button" className="co-button co-button--ghost" onClick={() => ui.openLogin('/checkout')}>
            Entrar novamente
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="co-button co-button--primary"
        onClick={() => void finish()}
        disabled={finishing || store.busy.value}
      >
        {finishing ? 'Finalizando…' : 'Finalizar compra'}
      </button>
    </div>
  );
}
