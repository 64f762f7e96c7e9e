import { DomainError } from '../../domain-error';
import { boletoExpiresAt, dueDateFrom } from '../providers/boleto';
import { PAYMENTS_CONFIG } from '../providers/payments-config';
import { ProviderError as CheckoutProviderError, type PaymentProvider } from '../provider';
import { call, statusOf, unlessMissing } from './slot-calls';
import type { LiveProvider } from './live-provider';

/** Inter's "seu número" is at most 15 letters/digits: the random tail of our 25-character reference. */
export const seuNumeroOf = (reference: string) => reference.slice(-15);

export const BOLETO_MESSAGES = {
  address:
    'Para pagar com boleto, informe um endereço de entrega ou cadastre um endereço na sua conta. Você também pode escolher outra forma de pagamento.',
} as const;

/** Boleto registered at Banco Inter: pending until the payer pays it (webhook / reconciliation settle it). */
export function boletoSlot(inter: LiveProvider): PaymentProvider {
  return {
    name: 'boleto',
    kinds: ['boleto'],
    refundsByTransfer: true,
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
        }),
      );
      if (!state.boleto)
        throw new CheckoutProviderError('invalid', 'boleto: the cobrança has no line/barcode', undefined, state.providerRef || undefined);
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: boletoExpiresAt(dueDate),
        boleto: { ...state.boleto, dueDate, ...(state.pixCopiaECola ? { pixPayload: state.pixCopiaECola } : {}) },
        card: null,
      };
    },
    async capture() {
      // Paid by the payer; the webhook or the reconciliation settles it (events.ts).
    },
    async void(charge) {
      // Without Inter's code (the create answer was lost) there is nothing to cancel by: that boleto was never
      // shown to anyone, takes no money, and is written off the day after it falls due (numDiasAgenda).
      const code = charge.providerReference;
      if (!code || code === charge.reference) return;
      await call(() => unlessMissing(() => inter.void(code)));
    },
    refund() {
      // Inter's collection API has no refund: a paid boleto is returned by bank transfer (back office, ADR 0015).
      return Promise.reject(new CheckoutProviderError('invalid', 'boleto: no refund operation at the bank'));
    },
    status(charge) {
      const code = charge.providerReference;
      return statusOf(async () => (code && code !== charge.reference ? inter.getCharge(code) : null));
    },
  };
}
