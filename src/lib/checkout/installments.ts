/**
 * Checkout installment table (contracts.md): at most `max` parcels, no parcel below `minParcelCents`,
 * interest-free up to `interestFree` parcels, compound monthly interest after (Tabela Price).
 * Integer cents; each parcel rounded up to the cent so the shopper never pays less than the rate says.
 */
export interface InstallmentConfig {
  max: number;
  minParcelCents: number;
  interestFree: number;
  /** Monthly rate in basis points (1.99% → 199). */
  monthlyRateBp: number;
}

export const CHECKOUT_INSTALLMENTS: InstallmentConfig = {
  max: 10,
  minParcelCents: 5000,
  interestFree: 6,
  monthlyRateBp: 199,
};

export interface Installment {
  number: number;
  /** One parcel (the regular one; interest-free splits put the remainder cents on the first). */
  value: number;
  /** What the shopper pays in all. */
  total: number;
  interestFree: boolean;
}

export function installmentTable(totalCents: number, config: InstallmentConfig = CHECKOUT_INSTALLMENTS): Installment[] {
  const total = Math.max(0, Math.round(totalCents));
  const table: Installment[] = [{ number: 1, value: total, total, interestFree: true }];
  for (let n = 2; n <= config.max; n++) {
    const row = installment(total, n, config);
    if (row.value < config.minParcelCents) break;
    table.push(row);
  }
  return table;
}

function installment(total: number, n: number, config: InstallmentConfig): Installment {
  if (n <= config.interestFree) return { number: n, value: Math.floor(total / n), total, interestFree: true };
  const rate = config.monthlyRateBp / 10000;
  const value = Math.ceil((total * rate) / (1 - Math.pow(1 + rate, -n)));
  return { number: n, value, total: value * n, interestFree: false };
}

/** The row for `number` parcels, or null when the total does not allow it. */
export function findInstallment(
  totalCents: number,
  number: number,
  config: InstallmentConfig = CHECKOUT_INSTALLMENTS,
): Installment | null {
  return installmentTable(totalCents, config).find((row) => row.number === number) ?? null;
}
