import { FACTORY_STORE } from '../../contracts/shipping';

export interface AllocLine {
  productItemId: number;
  amount: number;
  name: string;
}

export interface StoreStock {
  productItemId: number;
  storeId: number;
  storeKey: string;
  quantity: number;
}

export interface Allocation {
  /** The package store keys: those asked for, then any opened. */
  packages: string[];
  /** Index into the packages, per line (same order as the lines). */
  packageOf: number[];
  /** Store whose stock each line takes. */
  stockStoreOf: number[];
}

/**
 * Puts each cart line into one package (store): the first package whose store holds it. When none
 * does, `open` decides: a new package at the store holding the most of it (home delivery: the store
 * ships it itself), or nothing (pickup: the store must hold the line). Returns the name of the first
 * line nobody can supply instead when stock is short. This is the read-time plan shared by the cart's
 * quote and the checkout: the batch's stock CHECK (quantity >= 0) is what actually guards it.
 */
export function allocate(
  lines: AllocLine[],
  stock: StoreStock[],
  packages: string[],
  opts: { open?: boolean } = {},
): Allocation | { short: string } {
  const keys = [...packages];
  const left = new Map(stock.map((s) => [`${s.productItemId}:${s.storeId}`, s.quantity]));
  const rows = (sku: number) => stock.filter((s) => s.productItemId === sku);
  const available = (s: StoreStock) => left.get(`${s.productItemId}:${s.storeId}`) ?? 0;
  const packageOf: number[] = [];
  const stockStoreOf: number[] = [];
  for (const line of lines) {
    let chosen: { pkg: number; source: StoreStock } | null = null;
    for (let p = 0; p < keys.length && !chosen; p++) {
      const source = rows(line.productItemId).find((s) => s.storeKey === keys[p] && available(s) >= line.amount);
      if (source) chosen = { pkg: p, source };
    }
    if (!chosen && opts.open) {
      const source = rows(line.productItemId)
        .filter((s) => available(s) >= line.amount)
        .sort((a, b) => available(b) - available(a) || a.storeId - b.storeId)[0];
      if (source) chosen = { pkg: keys.push(source.storeKey) - 1, source };
    }
    if (!chosen) return { short: line.name };
    left.set(`${chosen.source.productItemId}:${chosen.source.storeId}`, available(chosen.source) - line.amount);
    packageOf.push(chosen.pkg);
    stockStoreOf.push(chosen.source.storeId);
  }
  return { packages: keys, packageOf, stockStoreOf };
}

/**
 * Home delivery's packages (spec §3: per store key): the factory ships what it holds, and each line it
 * lacks ships from the store holding the most of it, one package per store. The cart's quote and
 * finish-order both use this plan, so the options quoted are the orders created.
 */
export function homePlan(lines: AllocLine[], stock: StoreStock[]): Allocation | { short: string } {
  const plan = allocate(lines, stock, [FACTORY_STORE], { open: true });
  if ('short' in plan) return plan;
  // The factory package exists only when it received a line.
  const used = plan.packages.map((_, p) => p).filter((p) => plan.packageOf.includes(p));
  return {
    packages: used.map((p) => plan.packages[p]!),
    packageOf: plan.packageOf.map((p) => used.indexOf(p)),
    stockStoreOf: plan.stockStoreOf,
  };
}

/** Splits `amount` over `weights` in proportion, in whole cents that add up exactly (largest remainder). */
export function splitProportionally(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}
