import { paymentMethod, type PaymentMethodId } from '../../lib/payment-methods';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Our reference at the provider: PayPal-style `PAYID-…` for the PayPal wallet, else 25 letters/digits (valid as a Pix txid). */
export function newReference(methodId: PaymentMethodId): string {
  return paymentMethod(methodId)?.kind === 'wallet' ? `PAYID-${randomCode(24)}` : `VTR${randomCode(22)}`;
}
