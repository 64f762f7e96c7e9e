import { batch } from '@preact/signals-core';
import { normalizeCep } from '../../../src/lib/customer/cep';
import { CART_MESSAGES } from '../../../src/lib/messages/cart';
import type { DeliveryOption, OmnichannelResponse } from '../../../src/contracts/shipping';
import { StockError } from './errors';
import type { CheckoutState } from './state';
import type { AddressChoice, CheckoutDeps } from './types';

/** The delivery step: the address, the options quoted for its CEP and the one chosen per store. */
export function shippingActions(s: CheckoutState, deps: CheckoutDeps, refreshCart: () => Promise<unknown>) {
  return {
    /** A different CEP invalidates the options quoted and the selection made for the old one. */
    setAddress(choice: AddressChoice | null) {
      const zip = choice ? normalizeCep(choice.address.zipCode) : null;
      batch(() => {
        s.address.value = choice;
        if (zip !== s.optionsZip.value) s.dropOptions();
      });
      s.changed();
    },
    /** A CEP refused before any call (not a CEP): the options and selection of the previous one go too. */
    dropOptions() {
      s.dropOptions();
      s.changed();
    },
    /**
     * Delivery options for the CEP (per store), after re-checking the cart's stock. A refused quote (sold out,
     * a CEP the server does not take, a failed call) leaves no options: none quoted for another CEP stays chosen.
     */
    async loadOptions(zipCode: string): Promise<OmnichannelResponse> {
      const c = s.cart.value;
      if (!c) throw new Error('no cart');
      return s.whileLoading('shipping', async () => {
        try {
          const stock = await deps.api.verifyStock(c.cartId);
          if (!stock.success) throw new StockError(stock.error ?? CART_MESSAGES.stock);
          const result = await deps.api.omnichannel({ cartId: c.cartId, zipCode, totalSale: c.subtotal - c.discount });
          batch(() => {
            s.dropOptions();
            // A new quote replaces the selection made on the old one.
            s.options.value = result;
            s.optionsZip.value = normalizeCep(zipCode);
          });
          return result;
        } catch (error) {
          s.dropOptions();
          s.changed();
          throw error;
        }
      });
    },
    /**
     * Spec §4: pickup sets the pickup flag (and the receiving store); a home delivery clears any
     * pickup, and a pickup clears the deliveries: selecting one clears the other selection.
     */
    selectShipping(store: string, option: DeliveryOption) {
      batch(() => {
        if (option.type === 'pickup') {
          s.pickup.value = true;
          s.receiverStore.value = store;
          s.shipping.value = [{ store, selectedOption: option }];
        } else {
          s.pickup.value = false;
          s.receiverStore.value = null;
          s.shipping.value = [
            ...s.shipping.value.filter((o) => o.selectedOption.type !== 'pickup' && o.store !== store),
            { store, selectedOption: option },
          ];
        }
      });
      s.changed();
    },
    /** The server checks the selection (and prices free shipping); the cart is re-read with it. */
    async validateShipping(): Promise<boolean> {
      const c = s.cart.value;
      const first = s.shipping.value[0];
      if (!c || !first) return false;
      const { success } = await s.whileLoading('validation', () =>
        deps.api.validateShipping({
          cartId: c.cartId,
          selectedOption: first.selectedOption,
          shippingInformation: s.shipping.value,
          zip_code: s.optionsZip.value,
        }),
      );
      if (success) await refreshCart();
      return success;
    },
  };
}
