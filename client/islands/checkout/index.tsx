import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import type { Cart } from '../../../src/contracts/cart';
import type { CardInput } from '../../../src/lib/checkout/checkout-form';
import { OrderSummary } from '../../../src/ui/checkout/summary';
import { useStores } from '../../stores';
import { createCheckoutStore, STEPS, type CheckoutStore } from '../../stores/checkout';
import { Delivery } from './delivery';
import { Identification } from './identification';
import { EMPTY_CARD, offeredNames, orderTotal, PaymentStep } from './payment';
import { Review } from './review';
import { useStepHistory } from './step-history';

export interface CheckoutProps {
  cart: Cart | null;
  /** The signed-in shopper when the page was rendered (the session store takes over after a login). */
  customer: { id: number; name: string } | null;
  imageHost: string;
  /** Payment method names the store can charge now (`GET /api/payment-methods`). */
  paymentMethods?: string[];
}

const STEP_LABELS = ['Identificação', 'Entrega', 'Pagamento', 'Revisão'] as const;

function Progress({ store }: { store: CheckoutStore }) {
  useSignals();
  const current = store.step.value;
  return (
    <ol className="co-progress" aria-label="Etapas da compra">
      {STEPS.map((key, i) => (
        <li
          key={key}
          className={i === current ? 'is-current' : i < current ? 'is-done' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          {i < current ? (
            <button type="button" className="co-progress__link" onClick={() => store.goToStep(i)}>
              {i + 1}. {STEP_LABELS[i]} <span className="co-sr">(alterar)</span>
            </button>
          ) : (
            <span>
              {i + 1}. {STEP_LABELS[i]}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * /checkout: numeric steps (identification, delivery, payment, review) over one checkout store, each a history entry
 * (`useStepHistory`). The server renders the first step as this island renders it, so the island hydrates on the
 * shopper's first interaction like every other page's (client/main.ts) with nothing on screen changing: a tap made
 * while its code loads is held and replayed (client/held-clicks.ts), and what was typed meanwhile is kept (the guest's
 * fields start from the page's fields). Without JavaScript the page shows the one-page form instead
 * (src/pages/checkout.tsx, `<noscript>`).
 */
export function Checkout({ cart, customer, imageHost, paymentMethods }: CheckoutProps) {
  useSignals();
  const stores = useStores();
  const user = stores.session.user.value ?? customer;
  const [store] = useState(() =>
    createCheckoutStore(
      { cart, customerId: user?.id ?? null, methods: paymentMethods ? offeredNames(paymentMethods) : undefined },
      {
        api: stores.gateways.checkout,
        // The order closed the cart: an answer without a cart empties the shared cart store (id, shipping list, seller flags).
        onCartDeleted: () => void stores.cart.accept(null),
        onCart: (next) => void stores.cart.accept(next),
        newKey: () => crypto.randomUUID(),
        userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
        device:
          typeof screen === 'undefined'
            ? undefined
            : {
                colorDepth: screen.colorDepth,
                screenHeight: screen.height,
                screenWidth: screen.width,
                javaEnabled: false,
                language: navigator.language.slice(0, 8),
                timeZoneOffset: new Date().getTimezoneOffset(),
              },
      },
    ),
  );
  // Card data lives only in this component's memory until it is sent to the provider.
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = store.step.value;
  // A signed-in shopper resumes a reload at the delivery at most: the guest's identification is not kept.
  useStepHistory(store, () => (user ? 1 : 0), [
    store.guest.value,
    store.address.value,
    store.shipping.value,
    store.payment.value,
    card,
  ]);

  useEffect(() => void store.start(), []);

  // A login in the modal lands here signed in: identification is done.
  useEffect(() => {
    store.setCustomer(user?.id ?? null);
    if (user && store.step.value === 0) void store.start();
  }, [user?.id]);

  // Each step change moves focus to the step's heading, for keyboard and screen-reader users; not the hydration,
  // which leaves focus where the shopper put it (the field being typed into).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  // An order fully paid by coupon/cashback can only be paid by "coupon" (26), and only then.
  const total = orderTotal(store);
  useEffect(() => {
    const method = store.paymentMethod.value;
    if (total === 0 && method !== 'coupon') store.selectMethod('coupon');
    if (total > 0 && method === 'coupon' && store.defaultMethod !== 'coupon') store.selectMethod(store.defaultMethod);
  }, [total]);

  if (!cart || cart.items.length === 0) {
    return (
      <div className="co-empty">
        <h1>Sua sacola está vazia</h1>
        <p>Adicione produtos à sacola para finalizar a compra.</p>
        <a className="co-button" href="/">
          Continuar comprando
        </a>
      </div>
    );
  }
  const current = store.cart.value ?? cart;
  return (
    <div className="co-layout" aria-busy={store.busy.value}>
      <div className="co-main">
        <Progress store={store} />
        <section className="co-step" aria-labelledby="co-step-title">
          <h1 id="co-step-title" ref={heading} tabIndex={-1}>
            {STEP_LABELS[step]}
          </h1>
          {step === 0 ? <Identification store={store} user={user} /> : null}
          {step === 1 ? <Delivery store={store} signedIn={user !== null} /> : null}
          {step === 2 ? <PaymentStep store={store} card={card} setCard={setCard} offered={paymentMethods} /> : null}
          {step === 3 ? <Review store={store} card={card} /> : null}
        </section>
        <a
          className="co-back"
          href="/"
          onClick={() => {
            store.goBack();
          }}
        >
          Voltar para a loja
        </a>
      </div>
      <aside className="co-aside">
        <OrderSummary
          cart={current}
          shipping={store.shipping.value.length ? store.shippingCharged.value : null}
          imageHost={imageHost}
        />
      </aside>
    </div>
  );
}
