import { DomainError } from '../../domain-error';
import { boletoExpiresAt, dueDateFrom } from '../sandbox/boleto';
import { PAYMENTS_CONFIG } from '../sandbox/payments-config';
import { ProviderError as CheckoutProviderError, type ChargeRef, type PaymentProvider } from '../provider';
import { call, statusOf, unlessMissing } from './slot-calls';
import type { ChargeState, LiveProvider } from './live-provider';

/** Inter's "seu número" is at most 15 letters/digits: the tail of our 25-character reference (keyedReference). */
export const seuNumeroOf = (reference: string) => reference.slice(-15);

export const BOLETO_MESSAGES = {
  address:
    'Para pagar com boleto, informe um endereço de entrega ou cadastre um endereço na sua conta. Você também pode escolher outra forma de pagamento.',
} as const;

/** Boleto registered at Banco Inter: pending until the payer pays it (webhook / reconciliation settle it). */
export function boletoSlot(inter: LiveProvider): PaymentProvider {
  /** Inter's code, when the create answered (else the payment holds our own reference there). */
  const codeOf = (charge: ChargeRef) =>
    charge.providerReference && charge.providerReference !== charge.reference ? charge.providerReference : null;
  /** A create whose answer was lost: its cobrança, found by our "seu número"; null when Inter has none. */
  const lostOf = async (charge: ChargeRef): Promise<ChargeState | null> =>
    (await inter.findByReference?.(seuNumeroOf(charge.reference), charge.now)) ?? null;
  return {
    name: 'boleto',
    kinds: ['boleto'],
    refundsByTransfer: true,
    // The seu número derives from the finish-order idempotency key (reference.ts keyedReference): a retry after a
    // lost create finds that boleto by it (boleto-inter.ts find) and continues with it instead of registering another.
    idempotentCreate: true,
    async authorize(request) {
      // A registered boleto names its payer's address: a guest picking up in store has none to give.
      const address = request.address;
      if (!address) throw new DomainError('UNPROCESSABLE', BOLETO_MESSAGES.address);
      const dueDate = dueDateFrom(request.now, PAYMENTS_CONFIG.boleto.dueDays);
      const state = await call(() =>
        inter.createCharge({
          kind: 'boleto',
          reference: seuNumeroOf(request.reference),
          amountCents: request.chargedCents,
          dueDate,
          buyer: { name: request.buyer.name, cpf: request.buyer.cpf, email: request.buyer.email },
          address,
          now: request.now,
          resume: request.resume === true,
        }),
      );
      if (!state.boleto)
        throw new CheckoutProviderError(
          'invalid',
          'boleto: the cobrança has no line/barcode',
          undefined,
          state.providerRef || undefined,
        );
      // A boleto continued from an earlier attempt keeps the due date Inter registered for it.
      const { line, barcode, dueDate: due = dueDate } = state.boleto;
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: boletoExpiresAt(due),
        boleto: { line, barcode, dueDate: due, ...(state.pixCopiaECola ? { pixPayload: state.pixCopiaECola } : {}) },
        card: null,
      };
    },
    async capture() {
      // Paid by the payer; the webhook or the reconciliation settles it (events.ts).
    },
    async void(charge) {
      // Without Inter's code (the create's answer was lost) the boleto is found by our seu número: still payable, it
      // is cancelled — never left registered in the shopper's name.
      const lost = codeOf(charge) ? null : await call(() => lostOf(charge));
      const code = codeOf(charge) ?? (lost?.status === 'pending' ? lost.providerRef : null);
      if (code) await call(() => unlessMissing(() => inter.void(code)));
    },
    refund() {
      // Inter's collection API has no refund: a paid boleto is returned by bank transfer (back office, ADR 0015).
      return Promise.reject(new CheckoutProviderError('invalid', 'boleto: no refund operation at the bank'));
    },
    status(charge) {
      const code = codeOf(charge);
      return statusOf(() => (code ? inter.getCharge(code) : lostOf(charge)));
    },
  };
}
