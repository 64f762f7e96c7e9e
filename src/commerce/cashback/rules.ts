/**
 * The cashback rules (spec §9): 10% of the goods actually paid (subtotal − discounts − cashback used,
 * shipping excluded), available after the exchange window (30 days), valid 180 days after that. The
 * ledger statements that apply them are in `repo.ts`.
 */
export const CASHBACK_RATE_PCT = 10;
export const CASHBACK_AVAILABLE_AFTER_DAYS = 30;
export const CASHBACK_VALID_DAYS = 180;

/** 10% of the paid goods, rounded down to the cent. */
export function cashbackAccrualCents(paidGoodsCents: number): number {
  return Math.max(0, Math.floor((Math.trunc(paidGoodsCents) * CASHBACK_RATE_PCT) / 100));
}
