import { boletoBarcode, digitableLine } from '../../../lib/boleto';
import { addBusinessDays } from '../../../lib/business-days';
import type { BoletoCharge } from '../provider';
import type { PaymentsConfig } from './payments-config';

const DAY = 86_400_000;

/**
 * The due date: `businessDays` business days after the São Paulo date of `now` (weekends and Brazil's fixed
 * national holidays skipped, lib/business-days.ts). The order, the barcode's due-date factor, the bank's
 * registration and the expiry (`boletoExpiresAt`) all derive from it.
 */
export function dueDateFrom(now: Date, businessDays: number): string {
  return addBusinessDays(now, businessDays);
}

/** A boleto lapses unpaid the day after it falls due (end of that day in São Paulo, UTC-3). */
export function boletoExpiresAt(dueDate: string): string {
  return new Date(Date.parse(`${dueDate}T23:59:59-03:00`) + DAY).toISOString();
}

/**
 * Sandbox boleto: barcode and linha digitável with FEBRABAN check digits; the free field carries
 * the reference's digits as "nosso número". Unpaid, it expires the day after its due date (end of day
 * in São Paulo, UTC-3).
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
