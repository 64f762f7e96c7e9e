import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { Cart } from '../../../src/contracts/cart';
import { CART_ACTIONS, pickChoices } from '../../../src/lib/cart/cart-forms';
import { formatCep, normalizeCep } from '../../../src/lib/customer/cep';
import { CartView, type CartNotice } from '../../../src/ui/cart/cart-view';
import { ApiRequestError } from '../../api';
import { rememberCep, rememberedCep } from '../../remembered-cep';
import { useStores, type Stores } from '../../stores';
import { trackCartChange } from '../../cart-analytics';
import { CART_TEXT as TEXT, CONNECTION_FAILED, LOGIN_REQUIRED } from '../../../src/lib/cart/cart-messages';
import { failureNotice, promotionCall, quoteCart, validateShipping } from './cart-actions';
import { COMMON_MESSAGES } from '../../../src/lib/messages/common';

export interface CartPanelProps {
  imageHost: string;
  /** Page the no-JS forms return to. */
  back: string;
  idPrefix: string;
  /** What the server rendered (cart page): notice and quote survive hydration. */
  initial?: {
    notice: CartNotice | null;
    cep: string;
    quote: OmnichannelResponse | null;
    quoteProblem: CartNotice | null;
  };
  /**
   * The cart page: when the server knew no CEP for the cart (it renders the cart's own, `initial.cep`), quote
   * the CEP the shopper quoted last on this browser (a product page) once the app loads.
   */
  restoreCep?: boolean;
}

const PROMOTIONS: string[] = [
  CART_ACTIONS.coupon,
  CART_ACTIONS.seller,
  CART_ACTIONS.couponRemove,
  CART_ACTIONS.sellerRemove,
  CART_ACTIONS.cashback,
  CART_ACTIONS.cashbackRemove,
];

function errorNotice(error: unknown): CartNotice {
  if (error instanceof ApiRequestError) return { tone: 'error', title: error.title, message: error.message };
  return { tone: 'error', message: CONNECTION_FAILED };
}

/** The cart's behaviour with JavaScript: the same forms as the no-JS page, run through the stores. */
export function CartPanel({ imageHost, back, idPrefix, initial, restoreCep }: CartPanelProps) {
  useSignals();
  const stores = useStores();
  const { cart: store, session } = stores;
  const [notice, setNotice] = useState<CartNotice | null>(initial?.notice ?? null);
  const [cep, setCep] = useState(initial?.cep ?? '');
  const [quote, setQuote] = useState<OmnichannelResponse | null>(initial?.quote ?? null);
  const [quoteProblem, setQuoteProblem] = useState<CartNotice | null>(initial?.quoteProblem ?? null);
  const [pending, setPending] = useState<string | null>(null);
  const cart = store.cart.value;
  const restored = useRef(!restoreCep);
  const items = cart?.items.length ?? 0;

  // After a reload the totals still carry the stored shipping choice: show its CEP and options again.
  useEffect(() => {
    if (restored.current || !items) return;
    restored.current = true;
    const saved = cep ? null : rememberedCep();
    if (!saved) return;
    // The CEP input is uncontrolled (the no-JS form's): fill it as the shopper would have.
    const input = document.getElementById(`${idPrefix}-cep`) as HTMLInputElement | null;
    if (input && !input.value) input.value = formatCep(saved);
    const data = new FormData();
    data.set('cep', saved);
    void run('cep', data);
  }, [items]);

  async function run(action: string, data: FormData) {
    setPending(action);
    setNotice(null);
    try {
      await perform(stores, action, data, { cart, cep, quote, setQuote, setCep, setQuoteProblem, setNotice });
    } finally {
      setPending(null);
    }
  }

  return (
    <CartView
      cart={cart}
      imageHost={imageHost}
      signedIn={session.loggedIn.value}
      notice={notice}
      cep={cep}
      quote={quote}
      quoteProblem={quoteProblem}
      selection={cart?.shippingSelection ?? []}
      back={back}
      idPrefix={idPrefix}
      busy={store.loading.value || pending !== null}
      pending={pending}
      onAction={(action, data) => void run(action, data)}
    />
  );
}

interface Ctx {
  cart: Cart | null;
  cep: string;
  /** The cart's quote as the server answered it (free-shipping flags applied there). */
  quote: OmnichannelResponse | null;
  setQuote(q: OmnichannelResponse | null): void;
  setCep(cep: string): void;
  setQuoteProblem(n: CartNotice | null): void;
  setNotice(n: CartNotice | null): void;
}

async function perform(stores: Stores, action: string, data: FormData, ctx: Ctx): Promise<void> {
  const { cart: store, ui } = stores;
  const cartId = store.cartId();
  const itemId = Number(data.get('itemId'));
  try {
    if (action === CART_ACTIONS.quantity) {
      const before = ctx.cart?.items.find((i) => i.id_item_cart === itemId);
      const amount = Number(data.get('amount'));
      await store.update(itemId, amount);
      if (before) trackCartChange(before, amount - before.amount);
    } else if (action === CART_ACTIONS.remove) {
      const before = ctx.cart?.items.find((i) => i.id_item_cart === itemId);
      await store.remove(itemId);
      if (before) trackCartChange(before, -before.amount);
    } else if (action === 'cep') {
      const digits = normalizeCep(String(data.get('cep') ?? ''));
      ctx.setCep(digits);
      ctx.setQuoteProblem(null);
      if (digits.length !== 8) {
        ctx.setQuote(null);
        ctx.setQuoteProblem({ tone: 'error', message: TEXT.cepIncomplete });
        return;
      }
      ctx.setQuote(await quoteFor(stores, digits));
      rememberCep(digits);
    } else if (action === CART_ACTIONS.shipping) {
      await chooseShipping(stores, data, ctx);
    } else if (PROMOTIONS.includes(action) && cartId) {
      const code = String(data.get('code') ?? '').trim();
      if (action === CART_ACTIONS.coupon && !code) return ctx.setNotice({ ...TEXT.couponEmpty });
      if (action === CART_ACTIONS.seller && !code) return ctx.setNotice({ ...TEXT.sellerEmpty });
      store.accept(await promotionCall(stores.gateways.checkout, action, cartId, data));
      await store.load();
    }
    // Quantities, discounts and free-shipping flags change the quote: new prices for the same CEP.
    if (
      action !== 'cep' &&
      action !== CART_ACTIONS.shipping &&
      ctx.quote &&
      ctx.cep.length === 8 &&
      !store.empty.value
    ) {
      ctx.setQuote(await quoteFor(stores, ctx.cep).catch(() => ctx.quote));
    }
  } catch (error) {
    if (action === 'cep') {
      ctx.setQuote(null);
      ctx.setQuoteProblem(errorNotice(error));
      return;
    }
    if (error instanceof ApiRequestError && error.code === LOGIN_REQUIRED) {
      // Spec §6: the login modal opens (over the page: the drawer's focus trap would hold it).
      // A coupon rides along: once signed in it is applied again (client/islands/account/after-login.ts).
      const code =
        action === CART_ACTIONS.coupon ? `?cupom=${encodeURIComponent(String(data.get('code')).trim())}` : '';
      ui.closeCart();
      ui.openLogin(location.pathname + code);
    }
    ctx.setNotice(PROMOTIONS.includes(action) ? failureNotice(action, error) : errorNotice(error));
  }
}

/** The quote for the whole cart (the server applies its free-shipping flags and remembers the CEP). */
function quoteFor(stores: Stores, cep: string): Promise<OmnichannelResponse> {
  const cart = stores.cart.cart.value;
  return quoteCart(stores.gateways.checkout, cep, cart ? cart.subtotal - cart.discount : 0, stores.cart.cartId());
}

async function chooseShipping(stores: Stores, data: FormData, ctx: Ctx): Promise<void> {
  const choice = ctx.quote ? pickChoices(ctx.quote, [...data.entries()]) : null;
  const cartId = stores.cart.cartId();
  if (!choice || !cartId || choice.list.length === 0) return;
  // Several packages: the choice counts once every package has its option.
  if (!choice.complete) return ctx.setNotice({ tone: 'info', message: TEXT.shippingPackages });
  if (!(await validateShipping(stores.gateways.checkout, cartId, choice.list, ctx.cep))) {
    ctx.setNotice({ tone: 'error', title: COMMON_MESSAGES.attention, message: TEXT.shippingInvalid });
    return;
  }
  await stores.cart.chooseShipping(choice.list);
}
