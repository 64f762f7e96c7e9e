import { AddressForm } from './account/address-form';
import { LoginPage } from './account/login-form';
import { LoginModal } from './account/login-modal';
import { RegisterForm } from './account/register-form';
import { BagOverlay } from './bag-overlay';
import { AppMenu } from './app-menu';
import { Checkout } from './checkout';
import { Header } from './header';
import { ListingSort } from './listing-sort';
import { ListingTracker } from './listing-tracker';
import { LiveFriday } from './live-friday';
import { Overlays } from './overlays';
import { ProductPurchase } from './product-purchase';
import { QuickAdd } from './quick-add';

/** Every island the server may render and the client may hydrate, by name. */
export const islands = {
  Header,
  Overlays,
  ProductPurchase,
  ListingSort,
  ListingTracker,
  BagOverlay,
  AppMenu,
  LiveFriday,
  LoginModal,
  LoginPage,
  RegisterForm,
  AddressForm,
  QuickAdd,
  Checkout,
};
export type IslandName = keyof typeof islands;
