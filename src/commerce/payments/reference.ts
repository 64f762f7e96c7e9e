import type { PaymentMethodId } from '../../contracts/checkout';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Our reference at the provider: PayPal-style `PAYID-…`, else 25 letters/digits (valid as a Pix txid). */
export function newReference(methodId: PaymentMethodId): string {
  return methodId === 32 ? `PAYID-${randomCode(24)}` : `VTR${randomCode(22)}`;
}
