import type { FinishOrder } from '../../contracts/checkout';
import { DomainError } from '../domain-error';
import { allocate, homePlan, type Allocation, type StoreStock } from '../inventory/allocate';
import { ORDER_MESSAGES } from './messages';
import type { StoreRow } from '../inventory/repo';

export type Package = FinishOrder['packages'][number];
export type Lines = Parameters<typeof allocate>[0];

/**
 * Finish-order step 2, the stock plan: the orders' packages, the one the cart was quoted with
 * (shipping/cart cartSources). A pickup is one package at a store holding every line; home delivery is
 * homePlan's packages, each with its chosen option. Packages come back in the plan's order; a choice
 * for other packages is refused.
 */
export function planOf(
  input: FinishOrder,
  lines: Lines,
  stock: StoreStock[],
  stores: StoreRow[],
): { packages: Package[]; plan: Allocation } {
  const keys = input.packages.map((p) => p.store);
  if (new Set(keys).size !== keys.length || !keys.every((k) => stores.some((s) => s.key === k)))
    throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
  const pickup = input.packages.some((p) => p.selectedOption.type === 'pickup');
  const pickupStore = stores.find((s) => s.key === keys[0]);
  if (pickup && (input.packages.length !== 1 || pickupStore?.allows_pickup !== 1))
    throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
  const plan = pickup ? allocate(lines, stock, keys) : homePlan(lines, stock);
  if ('short' in plan) throw new DomainError('CONFLICT', ORDER_MESSAGES.stock, ORDER_MESSAGES.stockTitle);
  if (pickup) return { packages: input.packages, plan };
  const packages = plan.packages.map((key) => input.packages.find((p) => p.store === key));
  if (packages.length !== keys.length || !packages.every((p): p is Package => p !== undefined))
    throw new DomainError('CONFLICT', ORDER_MESSAGES.shipping);
  return { packages, plan };
}
