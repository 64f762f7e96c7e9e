import { paymentMethod, type PaymentMethodId } from '../../lib/payments/payment-methods';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * Our reference for a checkout attempt derived from what makes it the same attempt — the bag, the finish-order
 * idempotency key and the amount charged —, for a provider whose create is idempotent by our reference
 * (`PaymentProvider.idempotentCreate`: PayPal's `PayPal-Request-Id`). A finish-order retried after a timeout (same
 * cart, same key, same total) then reuses the provider's object instead of making a second one; a changed bag is
 * another attempt. Same shape as newReference.
 */
export async function keyedReference(
  methodId: PaymentMethodId,
  attempt: { cartId: string; key: string; chargedCents: number },
): Promise<string> {
  const text = `${attempt.cartId}\n${attempt.key}\n${attempt.chargedCents}`;
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const code = (length: number) => [...bytes.slice(0, length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return paymentMethod(methodId)?.kind === 'wallet' ? `PAYID-${code(24)}` : `VTR${code(22)}`;
}

/** Our reference at the provider: PayPal-style `PAYID-…` for the PayPal wallet, else 25 letters/digits (valid as a Pix txid). */
export function newReference(methodId: PaymentMethodId): string {
  return paymentMethod(methodId)?.kind === 'wallet' ? `PAYID-${randomCode(24)}` : `VTR${randomCode(22)}`;
}
