import { NO_SHIPPING, type OmnichannelQuery, type OmnichannelResponse } from '../../contracts/shipping';
import { DomainError } from '../domain-error';
import { cartSources } from './sources';
import { FACTORY_PACKAGE, quote, type QuoteInput, type ShippingConfig } from './quote';
import type { ShippingRepo } from './repo';
import { COMMON_MESSAGES } from '../../lib/messages/common';
import { CART_MESSAGES } from '../../lib/messages/cart';

export interface ShippingDeps {
  repo: ShippingRepo;
  now: () => Date;
  config: ShippingConfig;
}

/**
 * Delivery options for a CEP. Product page (`sku`): the SKU is quoted as a one-line cart (shipping/cart
 * cartSources, the checkout's package plan): home delivery from the factory when it holds the SKU, else
 * from the store holding the most of it, priced from that store's state, and pickup at every pickup
 * store holding it. Side cart (`total_sale`): home deliveries from the factory.
 */
export async function omnichannel(deps: ShippingDeps, query: OmnichannelQuery): Promise<OmnichannelResponse> {
  let input: Pick<QuoteInput, 'valueCents' | 'packages' | 'pickup'>;
  if (query.sku !== undefined) {
    const stock = await deps.repo.skuStock(query.sku);
    if (!stock) throw new DomainError('VALIDATION', 'Produto não encontrado para o cálculo do frete.');
    if (!stock.stores.some((s) => s.quantity > 0))
      throw new DomainError('UNPROCESSABLE', CART_MESSAGES.stock, COMMON_MESSAGES.attention);
    const { productItemId, name, stores } = stock;
    input = { valueCents: stock.priceCents, ...cartSources([{ productItemId, amount: 1, name, stores }]) };
  } else {
    input = { valueCents: query.total_sale ?? 0, packages: [FACTORY_PACKAGE], pickup: [] };
  }
  const result = quote({ ...input, cep: query.zip_code, now: deps.now(), config: deps.config });
  if (!result) throw new DomainError('UNPROCESSABLE', NO_SHIPPING.error, NO_SHIPPING.title);
  return result;
}
