/** Money rules (ADR 0005): integer cents everywhere; formatting only here, for views. */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56` (pt-BR puts a no-break space after `R$`). */
export function formatBRL(cents: number): string {
  return BRL.format(Math.round(cents) / 100);
}

/**
 * Discount of `secondPrice` over `price`, in whole percent (half-up). Spec §5: 0% when the second
 * price is 0 (no sale); also 0 when it is not below the first.
 */
export function discountPercent(price: number, secondPrice: number): number {
  if (secondPrice <= 0 || price <= 0 || secondPrice >= price) return 0;
  return Math.floor(((price - secondPrice) * 100) / price + 0.5);
}

export interface InstallmentPolicy {
  /** Most parcels offered without interest. */
  max: number;
  /** Smallest parcel accepted (cents): a low price gets fewer parcels. */
  minParcelCents: number;
}

export const INSTALLMENTS: InstallmentPolicy = { max: 10, minParcelCents: 3000 };

export interface InstallmentPlan {
  count: number;
  /** Every parcel but the first. */
  parcelCents: number;
  /** The first parcel absorbs the remainder, so the parcels add up to the price exactly. */
  firstParcelCents: number;
}

export function installmentPlan(totalCents: number, policy: InstallmentPolicy = INSTALLMENTS): InstallmentPlan {
  const total = Math.max(0, Math.round(totalCents));
  const count = Math.max(1, Math.min(policy.max, Math.floor(total / policy.minParcelCents)));
  const parcelCents = Math.floor(total / count);
  return { count, parcelCents, firstParcelCents: total - parcelCents * (count - 1) };
}

/**
 * `10x de R$ 15,99 sem juros` (the regular parcel; the first may be a few cents more), or null when
 * the price allows a single parcel only.
 */
export function installmentsLabel(totalCents: number, policy: InstallmentPolicy = INSTALLMENTS): string | null {
  const plan = installmentPlan(totalCents, policy);
  if (plan.count < 2) return null;
  return `${plan.count}x de ${formatBRL(plan.parcelCents)} sem juros`;
}

/**
 * An amount typed or sent by a client, to cents. Spec §5: a decimal comma becomes a point. A value
 * with a decimal separator is in reais (`199,90`, `1.299,90`, `199.9`); bare digits are already cents
 * (`19990`). Null when it is not a non-negative amount with at most two decimals.
 */
export function parseAmountToCents(input: string): number | null {
  let text = input
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s+/g, '');
  if (text === '') return null;
  if (/^\d+$/.test(text)) return safe(Number(text));
  if (text.includes(',')) {
    // pt-BR: points group thousands, the comma is the decimal separator.
    if (!/^\d{1,3}(?:\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(text)) return null;
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (!/^\d+\.\d{1,2}$/.test(text)) {
    return null;
  }
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  return safe(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

function safe(cents: number): number | null {
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : null;
}

/** Cents as a schema.org/GA4 decimal number of reais (`159.9`). */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}
