import { describe, expect, it } from 'vitest';
import { createCartStore, type AddedItem, type CartGateway, type CartPersistence } from '../../client/stores/cart';
import type { Cart, CartItem } from '../../src/contracts/cart';
import type { ShippingChoice } from '../../src/lib/cart/cart';

function item(id: number, amount: number, price = 10000, preSale = false): CartItem {
  return {
    id_item_cart: id,
    cartItemId: id,
    id_item_product: 100 + id,
    amount,
    original_price: price,
    price,
    preSale,
    product: {
      name: `Produto ${id}`,
      slug: `produto-${id}`,
      description: '',
      details: '',
      items: [{ photos: [] }],
      attributes: [],
      gift: false,
      gift_coupon: null,
      color: 'Preto',
      size: 'M',
    },
  };
}

function cart(hash: string, items: CartItem[], extra: Partial<Cart> = {}): Cart {
  const subtotal = items.reduce((s, i) => s + i.price * i.amount, 0);
  return {
    hash,
    cartId: hash,
    items,
    subtotal,
    discount: 0,
    shipping: extra.shipping ?? 0,
    total: subtotal + (extra.shipping ?? 0),
    totalAmount: subtotal + (extra.shipping ?? 0),
    cashback_value: 0,
    cashback_evaluate: false,
    freeNormalShipping: false,
    freeExpressShipping: false,
    modal_gift: null,
    hasPreSale: items.some((i) => i.preSale),
    count: items.reduce((s, i) => s + i.amount, 0),
    coupon: null,
    seller: null,
    cashback_balance: null,
    shippingSelection: [],
    shippingZip: null,
    ...extra,
  };
}

class Memory implements CartPersistence {
  id: string | null = null;
  flagsReset = 0;
  shipping: ShippingChoice[] = [];
  readId = () => this.id;
  writeId = (id: string) => void (this.id = id);
  removeId = () => void (this.id = null);
  resetSellerFlags = () => void this.flagsReset++;
  readShipping = () => this.shipping;
  writeShipping = (list: ShippingChoice[]) => void (this.shipping = list);
}

/** A fake backend with a real cart in memory; `fail` makes the next mutation throw. */
class FakeApi implements CartGateway {
  server: Cart | null = null;
  calls: string[] = [];
  fail: Error | null = null;
  getFails = false;
  progressiveHash: string | null = null;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  hold() {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release() {
    this.open?.();
    this.gate = null;
  }
  private async mutation(name: string, change: () => Cart | null): Promise<unknown> {
    this.calls.push(name);
    if (this.gate) await this.gate;
    if (this.fail) {
      const error = this.fail;
      this.fail = null;
      throw error;
    }
    this.server = change();
    return this.server;
  }
  get = async (cartId: string | null, opts: { reprocess: boolean; shipping: number }) => {
    this.calls.push(`get:${opts.reprocess}:${opts.shipping}${cartId === null ? ':cookie' : ''}`);
    if (this.getFails) throw new Error('Network Error');
    // A null id is the cart the `cart` cookie names: the server's current one.
    const base =
      this.server && (cartId === null || this.server.hash === cartId)
        ? this.server
        : cart(cartId ?? 'NOCOOKIE0000000001', []);
    return cart(base.hash, base.items, { shipping: opts.shipping });
  };
  add = (input: { productItemId: number; amount: number; cartId: string | null }) =>
    this.mutation('add', () => {
      const items = [...(this.server?.items ?? [])];
      const at = items.findIndex((i) => i.id_item_product === input.productItemId);
      if (at >= 0) items[at] = { ...items[at]!, amount: items[at]!.amount + input.amount };
      else items.push({ ...item(input.productItemId - 100, input.amount), id_item_product: input.productItemId });
      return cart(input.cartId ?? 'NEWCARTHASH00000001', items);
    });
  update = (input: { itemId: number; amount: number; cartId: string }) =>
    this.mutation('update', () =>
      cart(
        input.cartId,
        this.server!.items.map((i) => (i.id_item_cart === input.itemId ? { ...i, amount: input.amount } : i)),
      ),
    );
  remove = (input: { itemId: number; cartId: string }) =>
    this.mutation('remove', () =>
      cart(
        input.cartId,
        this.server!.items.filter((i) => i.id_item_cart !== input.itemId),
      ),
    );
  progressive = async (cartId: string) => {
    this.calls.push('progressive');
    if (this.progressiveHash && this.server)
      this.server = { ...this.server, hash: this.progressiveHash, cartId: this.progressiveHash };
    return { ...this.server, hash: this.progressiveHash ?? cartId };
  };
  handOver = async (input: { user: number; shoppingCart: string | null }) => {
    this.calls.push(`handOver:${input.user}:${input.shoppingCart}`);
    return {};
  };
  rakuten = async (siteID: string) => {
    this.calls.push(`rakuten:${siteID}`);
    if (this.fail) throw this.fail;
    return {};
  };
}

const added = (productItemId: number, size = 'M'): AddedItem => ({
  productItemId,
  name: 'Biquíni',
  size,
  amount: 1,
  price: 10000,
  photo: null,
  gift: false,
});

function setup(initial: Cart | null = null) {
  const api = new FakeApi();
  const mem = new Memory();
  api.server = initial;
  const store = createCartStore({ count: initial?.count ?? 0, cart: initial }, api, mem);
  return { api, mem, store };
}

describe('cart store', () => {
  it('starts from the server-rendered cart and keeps the server-owned id', () => {
    const { store, mem } = setup(cart('HASHFROMCOOKIE0001', [item(1, 2)]));
    expect(store.count.value).toBe(2);
    expect(store.items.value).toHaveLength(1);
    expect(mem.id).toBe('HASHFROMCOOKIE0001');
  });

  it('keeps the legacy replace/count API for the header badge', () => {
    const store = createCartStore({ count: 3 }, new FakeApi(), new Memory());
    expect(store.count.value).toBe(3);
    store.replace({ count: 5 });
    expect(store.count.value).toBe(5);
    expect(store.empty.value).toBe(false);
    const full = createCartStore(
      { count: 1, cart: cart('HASH00000000000001', [item(1, 1)]) },
      new FakeApi(),
      new Memory(),
    );
    full.replace({ count: 2 });
    expect(full.count.value).toBe(2);
    expect(full.items.value).toHaveLength(1);
    full.replace({ count: 0, cart: null });
    expect(full.items.value).toHaveLength(0);
  });

  it('a bare add (the app bridge) changes the cart only with the answer: no optimistic line, no popover', async () => {
    const { store, api } = setup(cart('HASHFROMCOOKIE0001', [item(1, 2)]));
    const pending = store.add({ productItemId: 101, amount: 1 });
    expect(store.count.value).toBe(2);
    await pending;
    expect(store.count.value).toBe(3);
    expect(store.added.value).toEqual([]);
    expect(api.calls).toEqual(['add', 'get:true:0', 'progressive']);
  });

  it('revalidate takes the cart the cookie names and keeps its id', async () => {
    const { store, api, mem } = setup();
    api.server = cart('HASHFROMAPP0000001', [item(1, 2)]);
    await store.revalidate();
    expect(api.calls).toEqual(['get:false:0:cookie']);
    expect(store.count.value).toBe(2);
    expect(mem.id).toBe('HASHFROMAPP0000001');
  });

  it('hands an anonymous cart over after a login, and nothing without one', async () => {
    const empty = setup();
    await empty.store.handOver(7);
    expect(empty.api.calls).toEqual([]);
    const { store, api } = setup(cart('HASHFROMCOOKIE0001', [item(1, 2)]));
    await store.handOver(7);
    expect(api.calls).toEqual(['handOver:7:HASHFROMCOOKIE0001']);
  });

  it('reports a Rakuten landing and swallows its failure', async () => {
    const { store, api } = setup();
    api.fail = new Error('Network Error');
    await expect(store.reportAffiliate('site-1')).resolves.toBeUndefined();
    expect(api.calls).toEqual(['rakuten:site-1']);
  });

  it('adds optimistically, then takes the server cart, re-fetches with reprocess only the first time, and calls progressive', async () => {
    const { store, api, mem } = setup();
    const first = store.add(added(101, 'P'));
    expect(store.count.value).toBe(1);
    expect(store.loading.value).toBe(true);
    await first;
    expect(mem.id).toBe('NEWCARTHASH00000001');
    expect(store.loading.value).toBe(false);
    await store.add(added(102, 'G'));
    expect(store.count.value).toBe(2);
    expect(api.calls).toEqual(['add', 'get:true:0', 'progressive', 'add', 'get:false:0', 'progressive']);
    expect(store.added.value.map((a) => a.size)).toEqual(['P', 'G']);
    store.dismissAdded();
    expect(store.added.value).toEqual([]);
  });

  it('stores the hash the progressive call returns when it differs', async () => {
    const { store, api, mem } = setup(cart('OLDHASH00000000001', [item(1, 1)]));
    api.progressiveHash = 'PROGRESSIVEHASH001';
    await store.add(added(101));
    expect(mem.id).toBe('PROGRESSIVEHASH001');
    await store.load();
    expect(store.cart.value?.hash).toBe('PROGRESSIVEHASH001');
    expect(store.count.value).toBe(2);
  });

  it('rolls back an optimistic change the server refuses and passes the error on', async () => {
    const { store, api } = setup(cart('HASH00000000000001', [item(1, 1)]));
    api.fail = new Error('O estoque desse produto esgotou!');
    const pending = store.update(1, 5);
    expect(store.count.value).toBe(5);
    await expect(pending).rejects.toThrow('O estoque desse produto esgotou!');
    expect(store.count.value).toBe(1);
    expect(store.cart.value?.items[0]?.amount).toBe(1);
  });

  it('answers in order when changes overlap', async () => {
    const { store, api } = setup(cart('HASH00000000000001', [item(1, 1)]));
    api.hold();
    const a = store.update(1, 3);
    const b = store.update(1, 4);
    expect(store.count.value).toBe(4);
    api.release();
    await Promise.all([a, b]);
    expect(store.count.value).toBe(4);
    expect(api.calls.filter((c) => c === 'update')).toHaveLength(2);
  });

  it('removing the last item clears the cart, the stored id and the seller free-shipping flags', async () => {
    const { store, mem } = setup(cart('HASH00000000000001', [item(1, 1)]));
    await store.remove(1);
    expect(store.cart.value).toBeNull();
    expect(store.empty.value).toBe(true);
    expect(mem.id).toBeNull();
    expect(mem.flagsReset).toBeGreaterThan(0);
  });

  it('treats an answer missing expected fields as an empty cart', () => {
    const { store, mem } = setup(cart('HASH00000000000001', [item(1, 1)]));
    const { total: _total, ...partial } = cart('HASH00000000000001', [item(1, 1)]);
    expect(store.accept(partial)).toBeNull();
    expect(store.count.value).toBe(0);
    expect(mem.id).toBeNull();
  });

  it('a failed fetch resets an empty cart but keeps a filled one', async () => {
    const filled = setup(cart('HASH00000000000001', [item(1, 1)]));
    filled.api.getFails = true;
    await expect(filled.store.load()).rejects.toThrow();
    expect(filled.store.count.value).toBe(1);

    const empty = setup();
    empty.mem.id = 'STALEHASH000000001';
    empty.api.getFails = true;
    await expect(empty.store.load()).rejects.toThrow();
    expect(empty.mem.id).toBeNull();
    expect(empty.mem.flagsReset).toBe(1);
  });

  it('flags a pre-sale item', () => {
    const { store } = setup(cart('HASH00000000000001', [item(1, 1), item(2, 1, 5000, true)]));
    expect(store.hasPreSale.value).toBe(true);
  });

  it('keeps the shipping information list and fetches with its price', async () => {
    const { store, api, mem } = setup(cart('HASH00000000000001', [item(1, 1)]));
    const choice: ShippingChoice = {
      store: 'fabrica',
      selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 1990, deadline: 7 },
    };
    const next = await store.chooseShipping([choice]);
    expect(mem.shipping).toEqual([choice]);
    expect(api.calls.at(-1)).toBe('get:true:1990');
    expect(next?.shipping).toBe(1990);
    expect(next?.total).toBe(10000 + 1990);
  });
});
