import { batch, computed, signal } from '@preact/signals-core';
import type { Cart, CartItem } from '../../src/contracts/cart';
import {
  completeCart,
  isEmptyCart,
  shippingPrice,
  unitsIn,
  withItems,
  type ShippingChoice,
} from '../../src/lib/cart/cart';
import type { AddedItem, BareItem, CartGateway, CartPersistence, CartState, CartStore } from './cart-types';

export type { AddedItem, BareItem, CartGateway, CartPersistence, CartState, CartStore } from './cart-types';

const isDetailed = (item: AddedItem | BareItem): item is AddedItem => 'name' in item;

function optimisticAdd(cart: Cart | null, item: AddedItem): CartItem[] {
  const items = cart?.items ?? [];
  const found = items.find((i) => i.id_item_product === item.productItemId && i.product.gift === item.gift);
  if (found) return items.map((i) => (i === found ? { ...i, amount: i.amount + item.amount } : i));
  const line: CartItem = {
    id_item_cart: -item.productItemId,
    cartItemId: -item.productItemId,
    id_item_product: item.productItemId,
    amount: item.amount,
    original_price: item.price,
    price: item.price,
    preSale: false,
    product: {
      name: item.name,
      slug: '',
      description: '',
      details: '',
      items: [{ photos: item.photo ? [{ photo: item.photo }] : [] }],
      attributes: [],
      gift: item.gift,
      gift_coupon: null,
      color: '',
      size: item.size,
    },
  };
  return [...items, line];
}

const EMPTY_BASE: Cart = {
  hash: '',
  cartId: '',
  items: [],
  subtotal: 0,
  discount: 0,
  shipping: 0,
  total: 0,
  totalAmount: 0,
  cashback_value: 0,
  cashback_evaluate: false,
  freeNormalShipping: false,
  freeExpressShipping: false,
  modal_gift: null,
  hasPreSale: false,
  count: 0,
  coupon: null,
  seller: null,
  cashback_balance: null,
  shippingSelection: [],
  shippingZip: null,
};

/**
 * The cart as a signals model (spec §4). Writes are optimistic, then replaced by the server's full
 * cart or rolled back; each change re-fetches (reprocess only on the page's first fetch); an empty
 * or incomplete answer clears the stored id and the seller free-shipping flags.
 */
export function createCartStore(initial: CartState, gateway: CartGateway, persistence: CartPersistence): CartStore {
  const cart = signal<Cart | null>(completeCart(initial.cart ?? null));
  const badge = signal(Math.max(0, Math.trunc(initial.count)));
  const pending = signal(0);
  const added = signal<AddedItem[]>([]);
  const shipping = signal<ShippingChoice[]>([]);
  const store = persistence;
  let fetched = false;
  let queue: Promise<unknown> = Promise.resolve();

  const setCart = (next: Cart | null) =>
    batch(() => {
      cart.value = next;
      badge.value = next ? unitsIn(next.items) : 0;
    });
  const clear = () => {
    setCart(null);
    store.removeId();
    store.resetSellerFlags();
  };
  const accept = (answer: unknown): Cart | null => {
    const next = completeCart(answer);
    if (!next || isEmptyCart(next)) {
      clear();
      return null;
    }
    if (next.hash && next.hash !== store.readId()) store.writeId(next.hash);
    setCart(next);
    return next;
  };
  /** Runs server calls one at a time, so answers arrive in the order the shopper acted. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
  const withLoading = async <T>(task: () => Promise<T>): Promise<T> => {
    pending.value++;
    try {
      return await task();
    } finally {
      pending.value--;
    }
  };
  const refetch = async (): Promise<Cart | null> => {
    const id = store.readId();
    if (!id) {
      clear();
      return null;
    }
    const reprocess = !fetched;
    fetched = true;
    try {
      return accept(await gateway.get(id, { reprocess, shipping: shippingPrice(shipping.value) }));
    } catch (error) {
      // Spec §8: a failed fetch resets an empty cart; a filled one stays as it was.
      if (isEmptyCart(cart.value)) clear();
      throw error;
    }
  };
  /** Optimistic change (`undefined`: none), server call, then the re-fetch; on failure the previous state comes back. */
  const mutate = (local: Cart | null | undefined, call: () => Promise<unknown>, after?: () => Promise<void>) => {
    const before = cart.value;
    const beforeBadge = badge.value;
    if (local !== undefined)
      batch(() => {
        cart.value = local;
        badge.value = local ? unitsIn(local.items) : 0;
      });
    return withLoading(() =>
      serial(async () => {
        try {
          accept(await call());
        } catch (error) {
          batch(() => {
            cart.value = before;
            badge.value = beforeBadge;
          });
          throw error;
        }
        const fresh = await refetch().catch(() => cart.value);
        if (after) await after();
        return fresh;
      }),
    );
  };

  shipping.value = store.readShipping();
  // The server owns the id: the cookie's cart (bootstrap) wins over what this browser kept.
  if (cart.value && cart.value.hash !== store.readId()) store.writeId(cart.value.hash);

  return {
    count: computed(() => badge.value),
    empty: computed(() => badge.value === 0),
    cart,
    items: computed(() => cart.value?.items ?? []),
    loading: computed(() => pending.value > 0),
    hasPreSale: computed(() => (cart.value?.items ?? []).some((i) => i.preSale)),
    added,
    shipping,
    replace: (state) => {
      // A count alone (app bridge, header) moves the badge; the cart's content stays until the next fetch.
      if (state.cart === undefined) {
        badge.value = Math.max(0, Math.trunc(state.count));
        return;
      }
      const next = completeCart(state.cart);
      batch(() => {
        cart.value = next;
        badge.value = next ? unitsIn(next.items) : Math.max(0, Math.trunc(state.count));
      });
    },
    cartId: () => store.readId() ?? cart.value?.hash ?? null,
    accept,
    load: () => withLoading(() => serial(refetch)),
    revalidate: () =>
      withLoading(() =>
        serial(async () =>
          accept(await gateway.get(null, { reprocess: false, shipping: shippingPrice(shipping.value) })),
        ),
      ),
    add(item, insertedLink = null) {
      const local = isDetailed(item) ? withItems(cart.value ?? EMPTY_BASE, optimisticAdd(cart.value, item)) : undefined;
      return mutate(
        local,
        () =>
          gateway.add({ productItemId: item.productItemId, amount: item.amount, cartId: store.readId(), insertedLink }),
        async () => {
          if (isDetailed(item)) added.value = [...added.value, item];
          const id = store.readId();
          if (!id) return;
          // Spec §4: the progressive call may move the cart to another hash; keep the newest.
          const answer = (await gateway.progressive(id).catch(() => null)) as { hash?: unknown } | null;
          if (answer && typeof answer.hash === 'string' && answer.hash && answer.hash !== id)
            store.writeId(answer.hash);
        },
      );
    },
    update(itemId, amount) {
      const current = cart.value;
      const id = store.readId();
      if (!current || !id) return Promise.resolve(null);
      const items = current.items.map((i) => (i.id_item_cart === itemId ? { ...i, amount } : i));
      return mutate(withItems(current, items), () => gateway.update({ itemId, amount, cartId: id }));
    },
    remove(itemId) {
      const current = cart.value;
      const id = store.readId();
      if (!current || !id) return Promise.resolve(null);
      const items = current.items.filter((i) => i.id_item_cart !== itemId);
      return mutate(items.length ? withItems(current, items) : null, () => gateway.remove({ itemId, cartId: id }));
    },
    chooseShipping(list) {
      shipping.value = list;
      store.writeShipping(list);
      return withLoading(() => serial(refetch));
    },
    dismissAdded: () => {
      added.value = [];
    },
    async handOver(userId) {
      const shoppingCart = store.readId();
      // Only with an anonymous cart to hand over (an empty one has nothing to merge); a refusal is tolerated.
      if (shoppingCart || badge.value > 0)
        await gateway.handOver({ user: userId, shoppingCart }).catch(() => undefined);
    },
    reportAffiliate: (siteID) =>
      gateway.rakuten(siteID).then(
        () => undefined,
        () => undefined,
      ),
  };
}
