import { describe, expect, it } from 'vitest';
import { discountPercent, formatBRL, installmentsLabel } from '../../src/lib/format/money';

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

  it('labels the interest-free parcels the checkout offers (R$ 50,00 minimum), none for cheap items', () => {
    expect(installmentsLabel(50000)).toBe('6x de R$\u00a083,33 sem juros');
    expect(installmentsLabel(29990)).toBe('5x de R$\u00a059,98 sem juros');
    expect(installmentsLabel(10000)).toBe('2x de R$\u00a050,00 sem juros');
    expect(installmentsLabel(9999)).toBeNull();
    expect(installmentsLabel(3990)).toBeNull();
  });
});
