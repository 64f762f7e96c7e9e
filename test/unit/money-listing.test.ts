import { describe, expect, it } from 'vitest';
import { discountPercent, formatBRL, installmentPlan, installmentsLabel } from '../../src/lib/money';

// What the listing cards rely on (lib/money is shared with the product page).
describe('money on listing cards', () => {
  it('formats BRL exactly as Intl does: a no-break space after R$', () => {
    expect(formatBRL(19990)).toBe('R$\u00a0199,90');
    expect(formatBRL(123456789)).toBe('R$\u00a01.234.567,89');
    expect(formatBRL(19990)).not.toBe('R$ 199,90');
  });

  it('shows 0% off when the second price is 0 (spec §5), and whole percents otherwise', () => {
    expect(discountPercent(19990, 0)).toBe(0);
    expect(discountPercent(29990, 20990)).toBe(30);
    expect(discountPercent(1000, 995)).toBe(1);
    expect(discountPercent(1000, 996)).toBe(0);
    expect(discountPercent(0, 5000)).toBe(0);
  });

  it('offers up to 10 parcels of at least R$ 30,00, fewer for cheap items, none for the cheapest', () => {
    expect(installmentsLabel(50000)).toBe('10x de R$\u00a050,00 sem juros');
    expect(installmentsLabel(29990)).toBe('9x de R$\u00a033,32 sem juros');
    expect(installmentsLabel(6000)).toBe('2x de R$\u00a030,00 sem juros');
    expect(installmentsLabel(5999)).toBeNull();
    expect(installmentsLabel(3990)).toBeNull();
    expect(installmentPlan(0)).toEqual({ count: 1, parcelCents: 0, firstParcelCents: 0 });
  });

  it('lets the first parcel absorb the remainder', () => {
    const plan = installmentPlan(19999);
    expect(plan.count).toBe(6);
    expect(plan.firstParcelCents + plan.parcelCents * 5).toBe(19999);
  });
});
