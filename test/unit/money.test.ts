import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToReais,
  decimalToCents,
  discountPercent,
  formatAmount,
  formatBRL,
  installmentsLabel,
  parseAmountToCents,
} from '../../src/lib/format/money';
import { installmentTable } from '../../src/lib/checkout/installments';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatBRL', () => {
  it('formats integer cents as pt-BR currency with two decimals', () => {
    expect(nbsp(formatBRL(15990))).toBe('R$ 159,90');
    expect(nbsp(formatBRL(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatBRL(0))).toBe('R$ 0,00');
    expect(nbsp(formatBRL(5))).toBe('R$ 0,05');
  });
});

describe('formatAmount', () => {
  it('is formatBRL without the currency sign, for a form field', () => {
    expect(formatAmount(15990)).toBe('159,90');
    expect(formatAmount(123456)).toBe('1.234,56');
    expect(formatAmount(5)).toBe('0,05');
  });
});

describe('cents ↔ decimal string (payment providers, Pix, schema.org)', () => {
  it('writes reais with two decimals and a point', () => {
    expect(centsToDecimal(19990)).toBe('199.90');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });
  it('reads a provider’s amount back, exactly for every cent value', () => {
    expect(decimalToCents('199.90')).toBe(19990);
    expect(decimalToCents(159.9)).toBe(15990);
    expect(decimalToCents('0.1')).toBe(10);
    const all = Array.from({ length: 100_000 }, (_, cents) => cents);
    expect(all.filter((cents) => decimalToCents(centsToDecimal(cents)) !== cents)).toEqual([]);
  });
  it('has no amount for what is not a number', () => {
    expect(decimalToCents('abc')).toBeNull();
    expect(decimalToCents(undefined)).toBeNull();
    expect(decimalToCents(null)).toBeNull();
    expect(decimalToCents({})).toBeNull();
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

describe('installments label (the checkout table: parcels of R$ 50,00 or more, interest after 6x)', () => {
  it('names the most interest-free parcels the checkout offers', () => {
    expect(nbsp(installmentsLabel(159900)!)).toBe('6x de R$ 266,50 sem juros');
    expect(nbsp(installmentsLabel(29990)!)).toBe('5x de R$ 59,98 sem juros');
    expect(nbsp(installmentsLabel(10000)!)).toBe('2x de R$ 50,00 sem juros');
  });
  it('agrees with the checkout table for every price: the same count and parcel, never a parcel with interest', () => {
    for (const total of [10000, 15990, 23995, 29990, 45990, 159900, 999999]) {
      const label = nbsp(installmentsLabel(total)!);
      const row = installmentTable(total)
        .filter((r) => r.interestFree && r.number > 1)
        .at(-1)!;
      expect(label).toBe(`${row.number}x de ${nbsp(formatBRL(row.value))} sem juros`);
      expect(row.value).toBeGreaterThanOrEqual(5000);
    }
  });
  it('has no label when only one parcel fits', () => {
    expect(installmentsLabel(9999)).toBeNull();
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
