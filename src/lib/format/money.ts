import { CHECKOUT_INSTALLMENTS, installmentTable, type InstallmentConfig } from '../checkout/installments';
/** Money rules (ADR 0005): integer cents everywhere; formatting only here, for views. */

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** `R$ 1.234,56` (pt-BR puts a no-break space after `R$`). */
export function formatBRL(cents: number): string {
  return BRL.format(Math.round(cents) / 100);
}

/** `1.234,56`: `formatBRL` without the `R$`, as a form field holds an amount typed in reais. */
export const formatAmount = (cents: number): string => formatBRL(cents).replace(/^R\$\s*/, '');

/** Cents → reais with two decimals and a point (`"123.45"`), as payment providers, Pix and schema.org read it. */
export const centsToDecimal = (cents: number): string => (cents / 100).toFixed(2);

/** A provider's decimal amount in reais (`"123.45"` or `123.45`) → cents; null when it is not a number. */
export function decimalToCents(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const n = Math.round(Number(value) * 100);
  return Number.isFinite(n) ? n : null;
}

/**
 * Discount of `secondPrice` over `price`, in whole percent (half-up). Spec §5: 0% when the second
 * price is 0 (no sale); also 0 when it is not below the first.
 */
export function discountPercent(price: number, secondPrice: number): number {
  if (secondPrice <= 0 || price <= 0 || secondPrice >= price) return 0;
  return Math.floor(((price - secondPrice) * 100) / price + 0.5);
}

/**
 * The product card's and product page's `6x de R$ 49,98 sem juros`: the most interest-free parcels the checkout
 * offers for this price (the checkout's own table, `lib/checkout/installments.ts`: no parcel under R$ 50,00, interest after
 * 6x), the regular parcel (the first may be a few cents more). Null when the price allows a single parcel only.
 */
export function installmentsLabel(
  totalCents: number,
  config: InstallmentConfig = CHECKOUT_INSTALLMENTS,
): string | null {
  const best = installmentTable(totalCents, config)
    .filter((row) => row.interestFree && row.number > 1)
    .at(-1);
  return best ? `${best.number}x de ${formatBRL(best.value)} sem juros` : null;
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

/**
 * A price typed or imported in reais (`199`, `199,90`, `1.299,90`, `199.9`, `R$ 199,90`) → cents: unlike
 * `parseAmountToCents`, bare digits are whole reais (a merchant's `199` is R$ 199,00). Null when it is not one.
 */
export function reaisToCents(input: string): number | null {
  const text = input.trim().replace(/^R\$\s*/i, '');
  if (text === '') return null;
  return /^\d{1,9}$/.test(text) ? safe(Number(text) * 100) : parseAmountToCents(text);
}

function safe(cents: number): number | null {
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : null;
}

/** Cents as a schema.org/GA4 decimal number of reais (`159.9`). */
export function centsToReais(cents: number): number {
  return Math.round(cents) / 100;
}
