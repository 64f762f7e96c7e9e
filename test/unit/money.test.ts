import { describe, expect, it } from 'vitest';
import { discountPercent, formatBRL, installments } from '../../src/lib/money';

describe('formatBRL', () => {
  it('formats cents as Intl pt-BR BRL, with the no-break space Intl puts after R$', () => {
    expect(formatBRL(19990)).toBe('R$\u00a0199,90');
    expect(formatBRL(123456789)).toBe('R$\u00a01.234.567,89');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(0)).toBe('R$\u00a00,00');
    expect(formatBRL(19990)).not.toBe('R$ 199,90');
  });
});

describe('discountPercent', () => {
  it('is 0% when the second price is 0 (spec §5)', () => {
    expect(discountPercent(19990, 0)).toBe(0);
  });
  it('rounds the saving to a whole percent, half up', () => {
    expect(discountPercent(20000, 15000)).toBe(25);
    expect(discountPercent(29990, 20990)).toBe(30); // 30.01%
    expect(discountPercent(1000, 995)).toBe(1); // 0.5% rounds up
    expect(discountPercent(1000, 996)).toBe(0); // 0.4%
  });
  it('is 0 when nothing is saved or the list price is missing', () => {
    expect(discountPercent(10000, 10000)).toBe(0);
    expect(discountPercent(10000, 12000)).toBe(0);
    expect(discountPercent(0, 5000)).toBe(0);
  });
});

describe('installments', () => {
  it('splits into up to 10 interest-free parcels', () => {
    expect(installments(50000)).toEqual({ count: 10, parcelCents: 5000, firstCents: 5000 });
  });
  it('keeps every parcel at R$ 30,00 or more: cheap items get fewer parcels', () => {
    expect(installments(29990).count).toBe(9);
    expect(installments(15990)).toEqual({ count: 5, parcelCents: 3198, firstCents: 3198 });
    expect(installments(6000).count).toBe(2);
    expect(installments(5999).count).toBe(1);
    expect(installments(3990)).toEqual({ count: 1, parcelCents: 3990, firstCents: 3990 });
  });
  it('lets the first parcel absorb the remainder so the parcels add up', () => {
    const p = installments(19999);
    expect(p.count).toBe(6);
    expect(p.firstCents + p.parcelCents * (p.count - 1)).toBe(19999);
    expect(p.firstCents - p.parcelCents).toBeLessThan(p.count);
  });
  it('honours other limits and never divides by zero', () => {
    expect(installments(100000, 12, 5000).count).toBe(12);
    expect(installments(100000, 3).count).toBe(3);
    expect(installments(0)).toEqual({ count: 1, parcelCents: 0, firstCents: 0 });
  });
});
