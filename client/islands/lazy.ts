import type { ComponentType } from 'react';
import { dict } from '../../src/lib/security/dict';

type AnyComponent = ComponentType<Record<string, unknown>>;
const as = (c: unknown) => c as AnyComponent;

/**
 * Islands whose code loads only on pages that render them (their own chunks): the server imports the
 * component directly (src/pages/lazy-island.tsx), the browser through these loaders. Anything `/` does not
 * render belongs here, so the home page's first-load JS stays within its budget.
 */
export const lazyIslands = dict({
  CartPage: () => import('./cart/cart-page').then((m) => as(m.CartPage)),
  Checkout: () => import('./checkout').then((m) => as(m.Checkout)),
  LoginPage: () => import('./account/login-form').then((m) => as(m.LoginPage)),
  RegisterForm: () => import('./account/register-form').then((m) => as(m.RegisterForm)),
  AddressForm: () => import('./account/address-form').then((m) => as(m.AddressForm)),
  ProfileForm: () => import('./account/profile-form').then((m) => as(m.ProfileForm)),
  LiveFriday: () => import('./campaign/live-friday').then((m) => as(m.LiveFriday)),
  QuickAdd: () => import('./cart/quick-add').then((m) => as(m.QuickAdd)),
  ListingSort: () => import('./listing/listing-sort').then((m) => as(m.ListingSort)),
  ProductPurchase: () => import('./product/product-purchase').then((m) => as(m.ProductPurchase)),
  AppMenu: () => import('./app/app-menu').then((m) => as(m.AppMenu)),
  CopyButton: () => import('./common/copy-button').then((m) => as(m.CopyButton)),
  OrderTracker: () => import('./orders/order-tracker').then((m) => as(m.OrderTracker)),
  CardFavorites: () => import('./listing/card-favorites').then((m) => as(m.CardFavorites)),
});
export type LazyIslandName = keyof typeof lazyIslands;
