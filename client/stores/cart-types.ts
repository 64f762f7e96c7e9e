import type { ReadonlySignal } from '@preact/signals-core';
import type { Cart, CartItem } from '../../src/contracts/cart';
import type { ShippingChoice } from '../../src/lib/cart/cart';

/** The cart store's shape and what it is wired to (its state, the /api calls, where the id lives). */
export interface CartState {
  /** Number of units in the cart, for the header badge. */
  count: number;
  /** The cart the server rendered with (SSR bootstrap), so badge and cart show without a fetch. */
  cart?: Cart | null;
}

/** What the popover lists for one add (spec §2). */
export interface AddedItem {
  productItemId: number;
  name: string;
  size: string;
  amount: number;
  /** Unit price in cents; gifts show 'Grátis'. */
  price: number;
  photo: string | null;
  gift: boolean;
}

/** An add that names only the SKU (the app's `call-add-to-cart`): no optimistic line, no popover. */
export interface BareItem {
  productItemId: number;
  amount: number;
}

/** The /api calls the model makes (client/gateways/cart.ts in the browser, fakes in unit tests). */
export interface CartGateway {
  /** A null id: the cart the server's `cart` cookie names. */
  get(cartId: string | null, opts: { reprocess: boolean; shipping: number }): Promise<unknown>;
  add(input: {
    productItemId: number;
    amount: number;
    cartId: string | null;
    insertedLink: string | null;
  }): Promise<unknown>;
  update(input: { itemId: number; amount: number; cartId: string }): Promise<unknown>;
  remove(input: { itemId: number; cartId: string }): Promise<unknown>;
  progressive(cartId: string): Promise<unknown>;
  handOver(input: { user: number; shoppingCart: string | null }): Promise<unknown>;
  rakuten(siteID: string): Promise<unknown>;
}

/** Where the cart id and the shipping information list live (localStorage + cookies in the browser). */
export interface CartPersistence {
  readId(): string | null;
  writeId(id: string): void;
  removeId(): void;
  /** Spec §4: an empty cart resets the seller free-shipping flags. */
  resetSellerFlags(): void;
  readShipping(): ShippingChoice[];
  writeShipping(list: ShippingChoice[]): void;
}

export interface CartStore {
  readonly count: ReadonlySignal<number>;
  readonly empty: ReadonlySignal<boolean>;
  readonly cart: ReadonlySignal<Cart | null>;
  readonly items: ReadonlySignal<CartItem[]>;
  readonly loading: ReadonlySignal<boolean>;
  readonly hasPreSale: ReadonlySignal<boolean>;
  /** Items of the current popover; cleared by `dismissAdded`. */
  readonly added: ReadonlySignal<AddedItem[]>;
  readonly shipping: ReadonlySignal<ShippingChoice[]>;
  replace(state: CartState): void;
  cartId(): string | null;
  /** Any full cart answer (coupon, seller code, cashback calls) replaces the state. */
  accept(answer: unknown): Cart | null;
  load(): Promise<Cart | null>;
  /** The cart the server's `cart` cookie names (the app may have changed it): accepted as the truth. */
  revalidate(): Promise<Cart | null>;
  /** Optimistic line and popover for an `AddedItem`; a `BareItem` changes the cart only with the answer. */
  add(item: AddedItem | BareItem, insertedLink?: string | null): Promise<Cart | null>;
  update(itemId: number, amount: number): Promise<Cart | null>;
  remove(itemId: number): Promise<Cart | null>;
  /** Stores the shipping information list and re-fetches with its price. */
  chooseShipping(list: ShippingChoice[]): Promise<Cart | null>;
  dismissAdded(): void;
  /** After a login: this browser's anonymous cart joins the customer's (best effort, spec §4). */
  handOver(userId: number): Promise<void>;
  /** A Rakuten landing (spec §7): best effort, never a shopper-visible error. */
  reportAffiliate(siteID: string): Promise<void>;
}
