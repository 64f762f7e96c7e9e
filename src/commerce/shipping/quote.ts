import type { DeliveryOption, OmnichannelResponse } from '../../contracts/shipping';
import { FACTORY_STORE } from '../../contracts/shipping';
import { isBusinessDay } from '../../lib/format/business-days';
import { storeDay, storeHour } from '../../lib/format/dates';
import { placeOf, type Place, type Zone } from './regions';
import { dict, emptyDict } from '../../lib/security/dict';

export interface ShippingConfig {
  /** Express deliveries are free for orders above this value (spec §9: R$ 499). */
  freeExpressAboveCents: number;
  /** Orders after this hour (São Paulo time) on a business day leave one business day later. */
  cutoffHour: number;
}

export const SHIPPING_CONFIG: ShippingConfig = { freeExpressAboveCents: 49_900, cutoffHour: 14 };

export const CARRIERS = dict({
  pac: { id: 1, name: 'Correios PAC', type: 'normal' },
  sedex: { id: 2, name: 'Correios SEDEX', type: 'expressa' },
  loggi: { id: 3, name: 'Loggi', type: 'expressa' },
  pickup: { id: 90, name: 'Retirada na loja', type: 'pickup' },
} as const);

type HomeCarrier = 'pac' | 'sedex' | 'loggi';

/** Price (cents) and business days from the factory, per zone; Loggi only where it runs (capitals). */
const TABLE: Record<Zone, Partial<Record<HomeCarrier, [number, number]>>> = dict({
  local: { pac: [1590, 3], sedex: [2290, 1], loggi: [1490, 1] },
  estadual: { pac: [1990, 5], sedex: [2890, 2] },
  z1: { pac: [2490, 7], sedex: [3990, 3], loggi: [3490, 2] },
  z2: { pac: [2890, 8], sedex: [4690, 4], loggi: [4290, 3] },
  z3: { pac: [3490, 11], sedex: [5990, 5] },
  z4: { pac: [4290, 14], sedex: [7490, 7] },
});

/** Loggi delivers in these capitals only. */
const LOGGI_STATES = new Set(['SP', 'RJ', 'MG', 'PR', 'DF']);
/** Outside the capitals (and outside São Paulo state, priced apart), carriers charge and take more. */
const INTERIOR: Record<HomeCarrier, [number, number]> = dict({ pac: [300, 2], sedex: [500, 1], loggi: [0, 0] });

export interface PickupStore {
  key: string;
  name: string;
  address: string;
  city: string;
  state: string;
}

/** A package's origin: the store shipping it and its state. */
export interface ShipFrom {
  key: string;
  state: string;
}

export interface QuoteInput {
  /** 8 digits. */
  cep: string;
  /** What the order is worth (cents), for the free-express rule. */
  valueCents: number;
  now: Date;
  /** Stores that allow pickup and hold the SKU. */
  pickup: PickupStore[];
  /**
   * The home-delivery packages (inventory/allocate homePlan: the cart's, or a product page's one-line cart),
   * each priced from its store's state; none when nothing ships home.
   */
  packages: ShipFrom[];
  config: ShippingConfig;
}

/**
 * 1 when an order placed now leaves a business day later: after the cut-off on a business day, or any time on a
 * day that is not one (a weekend or a national bank holiday, the calendar of lib/business-days).
 */
export function cutoffDelay(now: Date, cutoffHour: number): number {
  if (!isBusinessDay(storeDay(now))) return 1;
  return storeHour(now) >= cutoffHour ? 1 : 0;
}

/** The table zone from a store in `origin` state: its own state is local/estadual, the rest by destination. */
function zoneFrom(place: Place, origin: string): Zone {
  if (origin === FACTORY_ORIGIN) return place.zone;
  if (place.state === origin) return place.capital ? 'local' : 'estadual';
  return place.state === FACTORY_ORIGIN ? 'z1' : place.zone;
}

const FACTORY_ORIGIN = 'SP';

/** The side cart's package (a total alone, no lines): everything ships from the factory. */
export const FACTORY_PACKAGE: ShipFrom = { key: FACTORY_STORE, state: FACTORY_ORIGIN };

function homeOptions(place: Place, input: QuoteInput, delay: number, origin: string): DeliveryOption[] {
  const row = TABLE[zoneFrom(place, origin)];
  const interior = !place.capital && place.state !== origin;
  const carriers: HomeCarrier[] = ['pac', 'sedex'];
  if (row.loggi && place.capital && LOGGI_STATES.has(place.state)) carriers.push('loggi');
  const freeExpress = input.valueCents > input.config.freeExpressAboveCents;
  const options = carriers.map((key): DeliveryOption => {
    const [basePrice, baseDays] = row[key]!;
    const [extraPrice, extraDays] = interior ? INTERIOR[key] : [0, 0];
    const carrier = CARRIERS[key];
    const price = carrier.type === 'expressa' && freeExpress ? 0 : basePrice + extraPrice;
    return {
      type: carrier.type,
      carrier: carrier.name,
      carrierId: carrier.id,
      price,
      deadline: baseDays + extraDays + delay,
    };
  });
  // Normal first, then express options from the cheapest (then fastest).
  return options.sort((a, b) =>
    a.type === b.type ? a.price - b.price || a.deadline - b.deadline : a.type === 'normal' ? -1 : 1,
  );
}

/**
 * The omnichannel answer for one CEP (spec §3): each package's store → its home deliveries, each pickup store →
 * its pickup option (free, ready the same business day before the cut-off). Null when no option
 * exists (a CEP we do not serve, or nothing to ship and nowhere to pick up).
 */
export function quote(input: QuoteInput): OmnichannelResponse | null {
  const place = placeOf(input.cep);
  if (!place) return null;
  const delay = cutoffDelay(input.now, input.config.cutoffHour);
  const result: OmnichannelResponse = emptyDict();
  for (const pkg of input.packages) result[pkg.key] = homeOptions(place, input, delay, pkg.state);
  const stores = [...input.pickup].sort(
    (a, b) =>
      Number(b.state === place.state) - Number(a.state === place.state) || a.name.localeCompare(b.name, 'pt-BR'),
  );
  for (const store of stores) {
    // A store that also ships a package lists its pickup after its home deliveries.
    result[store.key] = [
      ...(result[store.key] ?? []),
      {
        type: 'pickup',
        carrier: CARRIERS.pickup.name,
        carrierId: CARRIERS.pickup.id,
        price: 0,
        deadline: delay,
        store: { name: store.name, address: store.address, city: store.city, state: store.state },
      },
    ];
  }
  return Object.keys(result).length ? result : null;
}
