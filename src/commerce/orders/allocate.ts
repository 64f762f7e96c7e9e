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
  /** Index into the packages, per line (same order as the lines). */
  packageOf: number[];
  /** Store whose stock each line takes. */
  stockStoreOf: number[];
}

/**
 * Puts each cart line into one package (store). A line goes to the first package whose store holds
 * it; failing that, the factory package ships it after a transfer from the store holding the most.
 * Returns the name of the first line nobody can supply instead when stock is short. This is the
 * read-time plan: the batch's stock CHECK (quantity >= 0) is what actually guards it.
 */
export function allocate(lines: AllocLine[], stock: StoreStock[], packages: string[]): Allocation | { short: string } {
  const left = new Map(stock.map((s) => [`${s.productItemId}:${s.storeId}`, s.quantity]));
  const rows = (sku: number) => stock.filter((s) => s.productItemId === sku);
  const available = (s: StoreStock) => left.get(`${s.productItemId}:${s.storeId}`) ?? 0;
  const packageOf: number[] = [];
  const stockStoreOf: number[] = [];
  for (const line of lines) {
    let chosen: { pkg: number; source: StoreStock } | null = null;
    for (let p = 0; p < packages.length && !chosen; p++) {
      const source = rows(line.productItemId).find((s) => s.storeKey === packages[p] && available(s) >= line.amount);
      if (source) chosen = { pkg: p, source };
    }
    const factory = packages.indexOf(FACTORY_STORE);
    if (!chosen && factory >= 0) {
      const source = rows(line.productItemId)
        .filter((s) => available(s) >= line.amount)
        .sort((a, b) => available(b) - available(a))[0];
      if (source) chosen = { pkg: factory, source };
    }
    if (!chosen) return { short: line.name };
    left.set(`${chosen.source.productItemId}:${chosen.source.storeId}`, available(chosen.source) - line.amount);
    packageOf.push(chosen.pkg);
    stockStoreOf.push(chosen.source.storeId);
  }
  return { packageOf, stockStoreOf };
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
