import { FACTORY_STORE, NO_SHIPPING, type OmnichannelQuery, type OmnichannelResponse } from '../../contracts/shipping';
import { DomainError } from '../domain-error';
import { quote, type PickupStore, type QuoteInput, type ShippingConfig } from './quote';
import type { ShippingRepo } from './repo';

export interface ShippingDeps {
  repo: ShippingRepo;
  now: () => Date;
  config: ShippingConfig;
}

/**
 * Delivery options for a CEP. Product page (`sku`): the factory ships when any store holds the SKU
 * (after a transfer when the factory itself has none) and every pickup store holding it offers
 * pickup. Side cart (`total_sale`): home deliveries from the factory.
 */
export async function omnichannel(deps: ShippingDeps, query: OmnichannelQuery): Promise<OmnichannelResponse> {
  let input: Pick<QuoteInput, 'valueCents' | 'home' | 'pickup'>;
  if (query.sku !== undefined) {
    const stock = await deps.repo.skuStock(query.sku);
    if (!stock) throw new DomainError('VALIDATION', 'Produto não encontrado para o cálculo do frete.');
    const held = stock.stores.filter((s) => s.quantity > 0);
    if (held.length === 0) throw new DomainError('UNPROCESSABLE', 'O estoque desse produto esgotou!', 'Atenção!');
    const factory = held.some((s) => s.key === FACTORY_STORE);
    const pickup: PickupStore[] = held
      .filter((s) => s.allows_pickup === 1 && s.key !== FACTORY_STORE)
      .map(({ key, name, address, city, state }) => ({ key, name, address, city, state }));
    input = { valueCents: stock.priceCents, home: factory ? 'stock' : 'transfer', pickup };
  } else {
    input = { valueCents: query.total_sale ?? 0, home: 'stock', pickup: [] };
  }
  const result = quote({ ...input, cep: query.zip_code, now: deps.now(), config: deps.config });
  if (!result) throw new DomainError('UNPROCESSABLE', NO_SHIPPING.error, NO_SHIPPING.title);
  return result;
}
