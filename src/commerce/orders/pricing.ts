import type { Cart } from '../../contracts/cart';
import { shippingCharge } from '../../lib/checkout/order-total';
import type { AddressSnapshot } from '../../contracts/orders';
import { findInstallment } from '../../lib/checkout/installments';
import type { PaymentMethod } from '../../lib/payments/payment-methods';
import { DomainError } from '../domain-error';
import { quote, type ShippingConfig } from '../shipping/quote';
import { splitProportionally, type Allocation } from '../inventory/allocate';
import { ORDER_MESSAGES } from './messages';
import type { Package } from './plan';
import type { StoreRow } from '../inventory/repo';

/**
 * Server-side price of each package's option: pickup is free at a pickup store; a home delivery is the
 * cart's validated selection for that store when it has one, else re-quoted for the CEP from the
 * package's store (as the cart's quote prices it). Free-shipping flags of the coupon/seller code zero
 * normal/expressa prices (spec §4).
 */
export function packagePrices(
  packages: Package[],
  cart: Cart,
  address: AddressSnapshot | null,
  stores: StoreRow[],
  now: Date,
  config: ShippingConfig,
): { prices: number[]; storeRows: StoreRow[] } {
  const storeRows = packages.map((p) => {
    const row = stores.find((s) => s.key === p.store);
    if (!row) throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
    return row;
  });
  const homes = packages.filter((p) => p.selectedOption.type !== 'pickup');
  const requote = () =>
    address
      ? quote({
          cep: address.zipCode,
          valueCents: cart.subtotal - cart.discount,
          now,
          pickup: [],
          packages: homes.map((p) => ({ key: p.store, state: stores.find((s) => s.key === p.store)!.state })),
          config,
        })
      : null;
  let quoted: ReturnType<typeof requote> | undefined;
  const prices = packages.map((p, i) => {
    const option = p.selectedOption;
    if (option.type === 'pickup') {
      if (storeRows[i]!.allows_pickup !== 1) throw new DomainError('VALIDATION', ORDER_MESSAGES.store);
      return 0;
    }
    if (!address) throw new DomainError('VALIDATION', ORDER_MESSAGES.address);
    const same = (o: { type: string; carrierId: string | number }) =>
      o.type === option.type && String(o.carrierId) === String(option.carrierId);
    const selected = cart.shippingSelection.find((s) => s.store === p.store && same(s.selectedOption))?.selectedOption;
    const options = selected ? [selected] : ((quoted ??= requote())?.[p.store] ?? []);
    const found = options.find(same);
    if (!found) throw new DomainError('CONFLICT', ORDER_MESSAGES.shipping);
    return shippingCharge(found, cart);
  });
  return { prices, storeRows };
}

export interface Pricing {
  /** Indexes (into the plan's packages) of the packages that received lines: one order each. */
  used: number[];
  subtotals: number[];
  discounts: number[];
  cashbacks: number[];
  totals: number[];
  total: number;
}

/** Finish-order step 3: each order's subtotal, its share of discount and cashback, and its total. */
export function priceOrders(cart: Cart, plan: Allocation, packages: Package[], prices: number[]): Pricing {
  const used = packages.map((_, p) => p).filter((p) => plan.packageOf.includes(p));
  const subtotals = used.map((p) =>
    cart.items.reduce((sum, item, i) => sum + (plan.packageOf[i] === p ? item.price * item.amount : 0), 0),
  );
  const discounts = splitProportionally(cart.discount, subtotals);
  const cashbacks = splitProportionally(cart.cashback_value, subtotals);
  const totals = used.map((p, k) => subtotals[k]! - discounts[k]! - cashbacks[k]! + prices[p]!);
  return { used, subtotals, discounts, cashbacks, totals, total: totals.reduce((a, b) => a + b, 0) };
}

/** What the shopper is charged with this method: the total, with installment interest for card credit. */
export function chargedAmount(method: PaymentMethod, total: number, installmentNumber: number): number {
  if (method.kind === 'coupon' && total > 0) throw new DomainError('VALIDATION', ORDER_MESSAGES.couponMethod);
  if (method.kind !== 'coupon' && total === 0) throw new DomainError('VALIDATION', ORDER_MESSAGES.zeroTotal);
  if (installmentNumber > method.installments) throw new DomainError('VALIDATION', ORDER_MESSAGES.installments);
  if (method.installments === 1) return total;
  const row = findInstallment(total, installmentNumber);
  if (!row) throw new DomainError('VALIDATION', ORDER_MESSAGES.installments);
  return row.total;
}
