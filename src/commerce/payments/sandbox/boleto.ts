import { boletoBarcode, digitableLine } from '../../../lib/payments/boleto';
import { BOLETO_CONFIRMATION_BUSINESS_DAYS } from '../../../lib/payments/boleto-terms';
import { addBusinessDays } from '../../../lib/format/business-days';
import { DAY_MS, storeTime } from '../../../lib/format/dates';
import type { BoletoCharge } from '../provider';
import type { PaymentsConfig } from './payments-config';

/**
 * Days after the due date on which the bank still takes payment (calendar days; Inter's `numDiasAgenda`).
 * After them the bank writes the boleto off.
 */
export const BOLETO_PAYABLE_DAYS_AFTER_DUE = 1;

/**
 * The due date: `businessDays` business days after the São Paulo date of `now` (weekends and Brazil's bank
 * holidays skipped, lib/format/business-days.ts). The order, the barcode's due-date factor, the bank's registration
 * and the expiry (`boletoExpiresAt`) all derive from it.
 */
export function dueDateFrom(now: Date, businessDays: number): string {
  return addBusinessDays(now, businessDays);
}

/**
 * When an unpaid boleto order lapses (stock, coupon and cashback go back): at the end, in São Paulo time, of
 * the bank's confirmation time (BOLETO_CONFIRMATION_BUSINESS_DAYS) counted from the last day the bank takes
 * payment. So a boleto paid on time, whose payment the bank confirms only days later, still finds its order
 * waiting; with the live provider, the bank's own "expired" answer releases it sooner (payments/live/events.ts).
 */
export function boletoExpiresAt(dueDate: string): string {
  const lastPayableDay = new Date(storeTime(dueDate, '12:00:00').getTime() + BOLETO_PAYABLE_DAYS_AFTER_DUE * DAY_MS);
  const lastDay = addBusinessDays(lastPayableDay, BOLETO_CONFIRMATION_BUSINESS_DAYS);
  return storeTime(lastDay, '23:59:59').toISOString();
}

/**
 * Sandbox boleto: barcode and linha digitável with FEBRABAN check digits; the free field carries
 * the reference's digits as "nosso número". Unpaid, it expires at `boletoExpiresAt`.
 */
export function sandboxBoleto(
  reference: string,
  chargedCents: number,
  now: Date,
  config: PaymentsConfig,
): { boleto: BoletoCharge; expiresAt: string } {
  const dueDate = dueDateFrom(now, config.boleto.dueDays);
  const digits = [...reference].map((ch) => String(ch.charCodeAt(0) % 10)).join('');
  const freeField = digits.padEnd(25, '0').slice(0, 25);
  const barcode = boletoBarcode({ bank: config.boleto.bank, dueDate, amountCents: chargedCents, freeField });
  return { boleto: { line: digitableLine(barcode), barcode, dueDate }, expiresAt: boletoExpiresAt(dueDate) };
}
