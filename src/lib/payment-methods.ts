/**
 * Spec §3 payment method ids. Here (no zod) so the browser bundle can use them without the contract
 * module; `src/contracts/checkout.ts` re-exports them.
 */
export const PAYMENT_METHOD_IDS = {
  'credit-card': 1,
  'credit-card-paypal': 43,
  coupon: 26,
  'debit-card': 31,
  'bank-slip': 6,
  paypal: 32,
  pix: 47,
  'open-finance': 53,
} as const;
