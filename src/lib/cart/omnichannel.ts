/** Omnichannel constants shared by the quote service and the views (no zod here: the browser imports it). */
import { CART_MESSAGES } from '../messages/cart';
import { COMMON_MESSAGES } from '../messages/common';

/** Spec §3: the factory store, which ships home deliveries. */
export const FACTORY_STORE = 'fabrica';

/** Spec §8 "No shipping found". */
export const NO_SHIPPING = { title: COMMON_MESSAGES.attention, error: CART_MESSAGES.noShipping } as const;
