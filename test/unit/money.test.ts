import { describe, expect, it } from 'vitest';
import {
  centsToReais,
  discountPercent,
  formatBRL,
  installmentPlan,
  installmentsLabel,
  parseAmountToCents,
} from '../../src/lib/money';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatBRL', () => {
  it('formats integer cents as pt-BR currency with two decimals', () => {
    expect(nbsp(formatBRL(15990))).toBe('R$ 159,90');
    expect(nbsp(formatBRL(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatBRL(0))).toBe('R$ 0,00');
    expect(nbsp(formatBRL(5))).toBe('R$ 0,05');
  });
});

describe('discountPercent', () => {
  it('is 0% when the second price is 0 (spec §5)', () => {
    expect(discountPercent(19990, 0)).toBe(0);
  });
  it('is 0% when the second price is not below the first', () => {
    expect(discountPercent(19990, 19990)).toBe(0);
    expect(discountPercent(19990, 25990)).toBe(0);
  });
  it('rounds half up to whole percent', () => {
    expect(discountPercent(20000, 15000)).toBe(25);
    expect(discountPercent(19990, 13990)).toBe(30); // 30.015…
    expect(discountPercent(300, 299)).toBe(0); // 0.33…
    expect(discountPercent(200, 199)).toBe(1); // 0.5 → 1
  });
});

describe('installments', () => {
  it('offers up to 10 parcels without interest', () => {
    expect(installmentPlan(159900)).toEqual({ count: 10, parcelCents: 15990, firstParcelCents: 15990 });
    expect(nbsp(installmentsLabel(159900)!)).toBe('10x de R$ 159,90 sem juros');
  });
  it('keeps every parcel at or above the minimum of R$ 30,00 (fewer parcels for low prices)', () => {
    expect(installmentPlan(15990).count).toBe(5); // 5 × 31,98
    expect(installmentPlan(9000).count).toBe(3);
    expect(installmentPlan(8999).count).toBe(2);
    for (const total of [6000, 7777, 15990, 29990, 45990]) {
      const plan = installmentPlan(total);
      expect(plan.parcelCents).toBeGreaterThanOrEqual(3000);
    }
  });
  it('lets the first parcel absorb the remainder so parcels add up exactly', () => {
    const plan = installmentPlan(23995);
    expect(plan.count).toBe(7);
    expect(plan.firstParcelCents + plan.parcelCents * (plan.count - 1)).toBe(23995);
    expect(plan.firstParcelCents - plan.parcelCents).toBeLessThan(plan.count);
  });
  it('has no installment label when only one parcel fits', () => {
    expect(installmentPlan(5990)).toEqual({ count: 1, parcelCents: 5990, firstParcelCents: 5990 });
    expect(installmentsLabel(5990)).toBeNull();
  });
});

describe('parseAmountToCents', () => {
  it('reads reais with a decimal comma (spec §5) or point, and bare digits as cents', () => {
    expect(parseAmountToCents('199,90')).toBe(19990);
    expect(parseAmountToCents('1.299,90')).toBe(129990);
    expect(parseAmountToCents('R$ 49,9')).toBe(4990);
    expect(parseAmountToCents('199.90')).toBe(19990);
    expect(parseAmountToCents('19990')).toBe(19990);
  });
  it('rejects what is not an amount', () => {
    for (const bad of ['', 'abc', '-10', '1,999', '12.345.678', '1,2,3', '10.123'])
      expect(parseAmountToCents(bad)).toBeNull();
  });
  it('converts cents to reais for schema.org and analytics', () => {
    expect(centsToReais(15990)).toBe(159.9);
  });
});
