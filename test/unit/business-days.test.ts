import { describe, expect, it } from 'vitest';
import { boletoExpiresAt, dueDateFrom, sandboxBoleto } from '../../src/commerce/payments/providers/boleto';
import { PAYMENTS_CONFIG } from '../../src/commerce/payments/providers/payments-config';
import { BOLETO_HINT } from '../../src/lib/boleto-terms';
import { DELIVERY_PAGE } from '../../src/pages/content/delivery-page';
import { PAYMENT_PAGE } from '../../src/pages/content/payment-page';
import { dueFactor } from '../../src/lib/boleto';
import { addBusinessDays, isBusinessDay } from '../../src/lib/business-days';
import { businessDaysLabel } from '../../src/lib/text';

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
    // Unpaid, it lapses only after its due date has ended in São Paulo.
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse('2026-12-02T02:59:59Z'));
  });

  it('the payment step, /pagamento and /entregas give the same due date and confirmation time', () => {
    expect(BOLETO_HINT).toBe('Vence em 3 dias úteis; a confirmação do pagamento leva até 3 dias úteis.');
    const text = (page: typeof PAYMENT_PAGE) => JSON.stringify(page);
    expect(text(PAYMENT_PAGE)).toContain('até o vencimento, 3 dias úteis após o pedido; a confirmação do pagamento leva até 3 dias úteis.');
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
