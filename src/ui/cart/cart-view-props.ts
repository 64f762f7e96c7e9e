import type { Cart } from '../../contracts/cart';
import type { OmnichannelResponse } from '../../contracts/shipping';
import type { ShippingChoice } from '../../lib/cart/cart';
import type { CartMessage } from '../../lib/cart/cart-messages';

/** A notice in the cart (spec §8 message with its title). */
export type CartNotice = CartMessage;

export interface CartViewProps {
  cart: Cart | null;
  imageHost: string;
  signedIn: boolean;
  notice: CartNotice | null;
  cep: string;
  quote: OmnichannelResponse | null;
  quoteProblem: CartNotice | null;
  selection: ShippingChoice[];
  /** Where the no-JS routes send the shopper back (`/sacola` or the app screen). */
  back: string;
  /** Prefix for element ids (the drawer and a cart page may share a document). */
  idPrefix: string;
  busy?: boolean;
  /** The form being worked on (its button shows a loading label). */
  pending?: string | null;
  /** With JavaScript every form comes here instead of posting; `action` is the form's action. */
  onAction?: (action: string, data: FormData) => void;
}
