import { FACTORY_STORE } from '../../contracts/shipping';
import { homePlan, type AllocLine, type StoreStock } from '../inventory/allocate';
import type { PickupStore, QuoteInput } from './quote';
import type { CartLineStock } from './repo';

const covers = (lines: CartLineStock[], key: string) =>
  lines.every((l) => (l.stores.find((s) => s.key === key)?.quantity ?? 0) >= l.amount);

/** The cart's lines and stock in the shape the order allocation reads. */
export function allocationInput(lines: CartLineStock[]): { lines: AllocLine[]; stock: StoreStock[] } {
  return {
    lines: lines.map(({ productItemId, amount, name }) => ({ productItemId, amount, name })),
    stock: lines.flatMap((l) =>
      l.stores.map((s) => ({ productItemId: l.productItemId, storeId: s.id, storeKey: s.key, quantity: s.quantity })),
    ),
  };
}

/**
 * Where the cart can leave from: home delivery in the packages checkout will create (inventory/allocate
 * homePlan: the factory ships what it holds, each store what only it holds), and pickup at each pickup
 * store holding every line. The product page quotes its SKU as a one-line cart through this too.
 */
export function cartSources(lines: CartLineStock[]): Pick<QuoteInput, 'pickup' | 'packages'> {
  const { lines: alloc, stock } = allocationInput(lines);
  const plan = homePlan(alloc, stock);
  const stores = lines[0]?.stores ?? [];
  const packages =
    'short' in plan ? [] : plan.packages.map((key) => ({ key, state: stores.find((s) => s.key === key)?.state ?? '' }));
  const pickup: PickupStore[] = stores
    .filter((s) => s.allows_pickup === 1 && s.key !== FACTORY_STORE && covers(lines, s.key))
    .map(({ key, name, address, city, state }) => ({ key, name, address, city, state }));
  return { pickup, packages };
}
