import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { BagCart, ShippingChoice } from '../../../src/lib/bag';
import { BAG_ACTIONS, pickOption, withFreeShipping } from '../../../src/lib/bag-forms';
import { normalizeCep } from '../../../src/lib/cep';
import { BagView, type BagNotice } from '../../../src/ui/bag/bag-view';
import { ApiRequestError } from '../../api';
import { useStores, type Stores } from '../../stores';
import { trackCartChange } from '../../cart-analytics';
import { BAG_TEXT as TEXT, LOGIN_REQUIRED } from '../../../src/lib/bag-messages';
import { failureNotice, promotionCall, quoteCart, validateShipping } from './bag-actions';

export interface BagPanelProps {
  imageHost: string;
  /** Page the no-JS forms return to. */
  back: string;
  idPrefix: string;
  /** What the server rendered (bag page): notice and quote survive hydration. */
  initial?: { notice: BagNotice | null; cep: string; quote: OmnichannelResponse | null; quoteProblem: BagNotice | null };
}

const PROMOTIONS: string[] = [
  BAG_ACTIONS.coupon,
  BAG_ACTIONS.seller,
  BAG_ACTIONS.couponRemove,
  BAG_ACTIONS.sellerRemove,
  BAG_ACTIONS.cashback,
  BAG_ACTIONS.cashbackRemove,
];

function errorNotice(error: unknown): BagNotice {
  if (error instanceof ApiRequestError) return { tone: 'error', title: error.title, message: error.message };
  return { tone: 'error', message: 'Network Error' };
}

/** The bag's behaviour with JavaScript: the same forms as the no-JS page, run through the stores. */
export function BagPanel({ imageHost, back, idPrefix, initial }: BagPanelProps) {
  useSignals();
  const stores = useStores();
  const { cart: store, session } = stores;
  const [notice, setNotice] = useState<BagNotice | null>(initial?.notice ?? null);
  const [cep, setCep] = useState(initial?.cep ?? '');
  const [rawQuote, setQuote] = useState<OmnichannelResponse | null>(initial?.quote ?? null);
  const [quoteProblem, setQuoteProblem] = useState<BagNotice | null>(initial?.quoteProblem ?? null);
  const [pending, setPending] = useState<string | null>(null);
  const cart = store.cart.value;
  const flags = { freeNormalShipping: !!cart?.freeNormalShipping, freeExpressShipping: !!cart?.freeExpressShipping };
  const quote = useMemo(() => (rawQuote ? withFreeShipping(rawQuote, flags) : null), [rawQuote, flags.freeNormalShipping, flags.freeExpressShipping]);

  async function run(action: string, data: FormData) {
    setPending(action);
    setNotice(null);
    try {
      await perform(stores, action, data, { cart, quote, rawQuote, setQuote, setCep, setQuoteProblem, setNotice });
    } finally {
      setPending(null);
    }
  }

  return (
    <BagView
      cart={cart}
      imageHost={imageHost}
      signedIn={session.loggedIn.value}
      notice={notice}
      cep={cep}
      quote={quote}
      quoteProblem={quoteProblem}
      selection={store.shipping.value}
      back={back}
      idPrefix={idPrefix}
      busy={store.loading.value || pending !== null}
      pending={pending}
      onAction={(action, data) => void run(action, data)}
    />
  );
}

interface Ctx {
  cart: BagCart | null;
  /** The quote as shown (free-shipping flags applied) and as the server answered it. */
  quote: OmnichannelResponse | null;
  rawQuote: OmnichannelResponse | null;
  setQuote(q: OmnichannelResponse | null): void;
  setCep(cep: string): void;
  setQuoteProblem(n: BagNotice | null): void;
  setNotice(n: BagNotice | null): void;
}

async function perform(stores: Stores, action: string, data: FormData, ctx: Ctx): Promise<void> {
  const { cart: store, ui } = stores;
  const cartId = store.cartId();
  const itemId = Number(data.get('itemId'));
  try {
    if (action === BAG_ACTIONS.quantity) {
      const before = ctx.cart?.items.find((i) => i.id_item_cart === itemId);
      const amount = Number(data.get('amount'));
      await store.update(itemId, amount);
      if (before) trackCartChange(before, amount - before.amount);
    } else if (action === BAG_ACTIONS.remove) {
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
      const cart = ctx.cart;
      ctx.setQuote(await quoteCart(digits, cart ? cart.subtotal - cart.discount : 0, cartId));
    } else if (action === BAG_ACTIONS.shipping) {
      await chooseShipping(stores, data, ctx);
    } else if (PROMOTIONS.includes(action) && cartId) {
      const code = String(data.get('code') ?? '').trim();
      if (action === BAG_ACTIONS.coupon && !code) return ctx.setNotice({ ...TEXT.couponEmpty });
      if (action === BAG_ACTIONS.seller && !code) return ctx.setNotice({ ...TEXT.sellerEmpty });
      store.accept(await promotionCall(action, cartId, data));
      await store.load();
      await repriceShipping(stores, ctx);
    }
  } catch (error) {
    if (action === 'cep') {
      ctx.setQuote(null);
      ctx.setQuoteProblem(errorNotice(error));
      return;
    }
    if (error instanceof ApiRequestError && error.code === LOGIN_REQUIRED) ui.openLogin(location.pathname);
    ctx.setNotice(PROMOTIONS.includes(action) ? failureNotice(action, error) : errorNotice(error));
  }
}

async function chooseShipping(stores: Stores, data: FormData, ctx: Ctx): Promise<void> {
  if (!ctx.quote) return;
  const list: ShippingChoice[] = [];
  for (const [key, value] of data.entries()) {
    if (!key.startsWith('option:')) continue;
    const choice = pickOption(ctx.quote, key.slice('option:'.length), String(value));
    if (choice) list.push(choice);
  }
  if (!list.length) return;
  const cartId = stores.cart.cartId();
  if (!cartId || !(await validateShipping(cartId, list))) {
    ctx.setNotice({ tone: 'error', title: 'Atenção!', message: TEXT.shippingInvalid });
    return;
  }
  await stores.cart.chooseShipping(list);
}

/** A coupon or seller code may make an option free: the chosen one follows (spec §4 free shipping). */
async function repriceShipping(stores: Stores, ctx: Ctx): Promise<void> {
  const chosen = stores.cart.shipping.value;
  const cart = stores.cart.cart.value;
  if (!chosen.length || !ctx.rawQuote || !cart) return;
  const quote = withFreeShipping(ctx.rawQuote, cart);
  const next = chosen.map((c) => pickOption(quote, c.store, `${c.selectedOption.type}:${c.selectedOption.carrierId}`) ?? c);
  if (next.some((c, i) => c.selectedOption.price !== chosen[i]!.selectedOption.price)) await stores.cart.chooseShipping(next);
}
