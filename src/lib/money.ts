/** Money rules (ADR 0005): amounts are integer cents; only views format them. */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56` exactly as Intl writes it (a no-break space after `R$`). */
export function formatBRL(cents: number): string {
  return BRL.format(cents / 100);
}

/**
 * Whole-percent discount from `listCents` to `saleCents`, rounded half-up. Spec §5: 0% when the second
 * price is 0 (no sale price); also 0 when there is nothing to discount.
 */
export function discountPercent(listCents: number, saleCents: number): number {
  if (saleCents <= 0 || listCents <= 0 || saleCents >= listCents) return 0;
  return Math.floor(((listCents - saleCents) * 100) / listCents + 0.5);
}

export interface Installments {
  /** Number of parcels (1 = pay at once). */
  count: number;
  /** Each parcel after the first. */
  parcelCents: number;
  /** The first parcel absorbs the remainder so the parcels add up to the total. */
  firstCents: number;
}

/** Interest-free parcels: as many as `max`, but none below `minParcelCents` (cheap items get fewer). */
export function installments(cents: number, max = 10, minParcelCents = 3000): Installments {
  const total = Math.max(0, Math.round(cents));
  const count = Math.max(1, Math.min(max, Math.floor(total / minParcelCents)));
  const parcelCents = Math.floor(total / count);
  return { count, parcelCents, firstCents: total - parcelCents * (count - 1) };
}
