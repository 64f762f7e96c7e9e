import { describe, expect, it } from 'vitest';
import { boletoExpiresAt, dueDateFrom, sandboxBoleto } from '../../src/commerce/payments/sandbox/boleto';
import { PAYMENTS_CONFIG } from '../../src/commerce/payments/sandbox/payments-config';
import { BOLETO_HINT } from '../../src/lib/payments/boleto-terms';
import { DELIVERY_PAGE } from '../../src/pages/content/delivery-page';
import { PAYMENT_PAGE } from '../../src/pages/content/payment-page';
import { dueDateOfBarcode, dueFactor } from '../../src/lib/payments/boleto';
import { addBusinessDays, easterSunday, isBusinessDay } from '../../src/lib/format/business-days';
import { businessDaysLabel } from '../../src/lib/format/text';

/** An instant given as São Paulo wall-clock time (UTC-3, no daylight saving since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('business days (São Paulo calendar)', () => {
  it('skips Saturdays and Sundays: Thu → Tue, Fri → Wed, Sat/Sun → Wed, Mon → Thu', () => {
    expect(addBusinessDays(sp('2026-11-26T10:00:00'), 3)).toBe('2026-12-01'); // Thu
    expect(addBusinessDays(sp('2026-11-27T10:00:00'), 3)).toBe('2026-12-02'); // Fri
    expect(addBusinessDays(sp('2026-11-28T10:00:00'), 3)).toBe('2026-12-02'); // Sat
    expect(addBusinessDays(sp('2026-11-29T10:00:00'), 3)).toBe('2026-12-02'); // Sun
    expect(addBusinessDays(sp('2026-11-30T10:00:00'), 3)).toBe('2026-12-03'); // Mon
  });

  it('counts from the São Paulo date, not the UTC one: just before and just after midnight', () => {
    // Thu 23:59 in São Paulo is already Fri 02:59 UTC.
    expect(addBusinessDays(sp('2026-11-26T23:59:00'), 3)).toBe('2026-12-01');
    expect(addBusinessDays(new Date('2026-11-27T02:59:00Z'), 3)).toBe('2026-12-01');
    // Fri 00:01 in São Paulo.
    expect(addBusinessDays(sp('2026-11-27T00:01:00'), 3)).toBe('2026-12-02');
  });

  it("skips Brazil's fixed national holidays", () => {
    expect(isBusinessDay('2026-11-20')).toBe(false); // Consciência Negra (Fri)
    expect(isBusinessDay('2026-12-25')).toBe(false); // Natal (Fri)
    expect(isBusinessDay('2026-12-24')).toBe(true);
    expect(addBusinessDays(sp('2026-11-18T12:00:00'), 3)).toBe('2026-11-24'); // Wed → Thu, (Fri 20), Mon, Tue
    expect(addBusinessDays(sp('2026-12-23T12:00:00'), 3)).toBe('2026-12-29'); // Wed → Thu, (Fri 25), Mon, Tue
    expect(addBusinessDays(sp('2026-12-31T12:00:00'), 1)).toBe('2027-01-04'); // Thu → (Fri 1/1), Mon
  });

  it('finds Easter Sunday (the computus) for years whose date is known', () => {
    const easter = (year: number) => new Date(easterSunday(year)).toISOString().slice(0, 10);
    expect(easter(2024)).toBe('2024-03-31');
    expect(easter(2025)).toBe('2025-04-20');
    expect(easter(2026)).toBe('2026-04-05');
    expect(easter(2027)).toBe('2027-03-28');
    expect(easter(2028)).toBe('2028-04-16');
    expect(easter(2038)).toBe('2038-04-25'); // the latest possible date
    expect(easter(2285)).toBe('2285-03-22'); // the earliest possible date
  });

  it('skips the movable bank holidays: Carnaval Monday and Tuesday, Sexta-feira Santa, Corpus Christi', () => {
    for (const day of [
      '2027-02-08',
      '2027-02-09',
      '2027-03-26',
      '2027-05-27',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-06-04',
    ]) {
      expect(isBusinessDay(day)).toBe(false);
    }
    expect(isBusinessDay('2027-02-10')).toBe(true); // Quarta-feira de Cinzas: banks open (at noon)
    expect(isBusinessDay('2027-03-25')).toBe(true);
    // Fri 05/02/2027 → (Sat, Sun, Carnaval Mon 08, Tue 09) Wed 10, Thu 11, Fri 12.
    expect(addBusinessDays(sp('2027-02-05T12:00:00'), 3)).toBe('2027-02-12');
    // Wed 24/03/2027 → Thu 25, (Sexta-feira Santa 26, Sat, Sun) Mon 29, Tue 30.
    expect(addBusinessDays(sp('2027-03-24T12:00:00'), 3)).toBe('2027-03-30');
    // Tue 25/05/2027 → Wed 26, (Corpus Christi Thu 27) Fri 28, (Sat, Sun) Mon 31.
    expect(addBusinessDays(sp('2027-05-25T12:00:00'), 3)).toBe('2027-05-31');
  });

  it('0 days is the São Paulo date itself', () => {
    expect(addBusinessDays(sp('2026-11-28T23:30:00'), 0)).toBe('2026-11-28');
  });
});

describe('boleto due date', () => {
  it('an order placed Thu 26/11/2026 falls due Tue 01/12/2026: the document, its barcode factor and the expiry', () => {
    const now = sp('2026-11-26T15:00:00');
    expect(dueDateFrom(now, PAYMENTS_CONFIG.boleto.dueDays)).toBe('2026-12-01');
    const { boleto, expiresAt } = sandboxBoleto('ref-1', 31_690, now, PAYMENTS_CONFIG);
    expect(boleto.dueDate).toBe('2026-12-01');
    expect(boleto.barcode.slice(5, 9)).toBe(dueFactor('2026-12-01'));
    expect(expiresAt).toBe(boletoExpiresAt('2026-12-01'));
    expect(dueDateOfBarcode(boleto.barcode, new Date(expiresAt))).toBe('2026-12-01');
  });

  it('unpaid, the order lapses only when a payment made on the last day the bank takes it has had its 3 business days to be confirmed', () => {
    // Due Tue 01/12/2026, payable until Wed 02/12; confirmed by Thu 03, Fri 04 or Mon 07: lapses at the end of Mon 07/12.
    expect(boletoExpiresAt('2026-12-01')).toBe('2026-12-08T02:59:59.000Z');
    // Due Fri 04/12, payable until Sat 05/12; confirmed by Mon 07, Tue 08 or Wed 09.
    expect(boletoExpiresAt('2026-12-04')).toBe('2026-12-10T02:59:59.000Z');
    // Due Thu 24/12, payable until Fri 25 (Natal); confirmed by Mon 28, Tue 29 or Wed 30.
    expect(boletoExpiresAt('2026-12-24')).toBe('2026-12-31T02:59:59.000Z');
  });

  it("reads the due date back from a barcode, across the factor's restart in 2025", () => {
    const barcodeFor = (due: string) => `0019${'0'}${dueFactor(due)}${'0'.repeat(35)}`;
    for (const due of ['2025-02-21', '2025-02-22', '2026-12-01', '2027-03-30', '2049-10-01']) {
      expect(dueDateOfBarcode(barcodeFor(due), new Date(`${due}T12:00:00Z`))).toBe(due);
      expect(dueDateOfBarcode(barcodeFor(due), new Date(Date.parse(`${due}T12:00:00Z`) + 20 * 86_400_000))).toBe(due);
    }
    expect(dueDateOfBarcode(barcodeFor('2024-06-03'), new Date('2024-06-03T00:00:00Z'))).toBe('2024-06-03');
    expect(dueDateOfBarcode(`0019${'0'.repeat(40)}`, new Date())).toBeNull(); // factor 0000: no due date
    expect(dueDateOfBarcode('123', new Date())).toBeNull();
  });

  it('the payment step, /pagamento and /entregas give the same due date and confirmation time', () => {
    expect(BOLETO_HINT).toBe('Vence em 3 dias úteis; a confirmação do pagamento leva até 3 dias úteis.');
    const text = (page: typeof PAYMENT_PAGE) => JSON.stringify(page);
    expect(text(PAYMENT_PAGE)).toContain(
      'até o vencimento, 3 dias úteis após o pedido; a confirmação do pagamento leva até 3 dias úteis.',
    );
    expect(text(DELIVERY_PAGE)).toContain('e em até 3 dias úteis para o boleto');
  });
});

describe('businessDaysLabel', () => {
  it('pluralizes in pt-BR', () => {
    expect(businessDaysLabel(1)).toBe('1 dia útil');
    expect(businessDaysLabel(4)).toBe('4 dias úteis');
    expect(businessDaysLabel(0)).toBe('0 dias úteis');
  });
});
