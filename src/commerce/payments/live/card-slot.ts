import { DomainError } from '../../domain-error';
import { CARD_MESSAGES, checkCard } from '../sandbox/card';
import { minutesFrom, PAYMENTS_CONFIG } from '../sandbox/payments-config';
import {
  ProviderError as CheckoutProviderError,
  type AuthorizeRequest,
  type ChargeRef,
  type PaymentProvider,
} from '../provider';
import { call, returnUrlOf, statusOf, unlessMissing } from './slot-calls';
import { ProviderError, type LiveProvider } from './live-provider';

/** Card data as Rede takes it: digits, numeric month, four-digit year. */
function redeCard(card: NonNullable<AuthorizeRequest['card']>) {
  const year = Number(card.expirationYear);
  return {
    number: card.number.replace(/\D/g, ''),
    holderName: card.holderName,
    expiryMonth: Number(card.expirationMonth),
    expiryYear: year < 100 ? 2000 + year : year,
    securityCode: card.securityCode,
  };
}

/** Credit (authorise → batch → capture, void when the batch fails) and debit (3-D Secure) through Rede. */
export function cardSlot(rede: LiveProvider): PaymentProvider {
  /** The tid: known from the authorisation, else looked up by our reference (its answer was lost). */
  const tidOf = async (charge: ChargeRef) =>
    charge.providerReference && charge.providerReference !== charge.reference
      ? charge.providerReference
      : ((await rede.findByReference?.(charge.reference))?.providerRef ?? null);
  return {
    name: 'rede',
    kinds: ['credit', 'debit'],
    async authorize(request) {
      if (!request.card) throw new DomainError('VALIDATION', CARD_MESSAGES.number);
      // The shopper's typos are a 400 before Rede is called; whether it is approved is the issuer's answer.
      const { brand, last4 } = checkCard(request.card, request.now);
      const debit = request.kind === 'debit';
      const back = returnUrlOf(request.origin, request.reference);
      const state = await call(() =>
        rede.createCharge({
          kind: 'card',
          method: debit ? 'debit' : 'credit',
          reference: request.reference,
          amountCents: request.chargedCents,
          installments: debit ? 1 : request.installments,
          card: redeCard(request.card!),
          ...(debit
            ? {
                threeDs: {
                  successUrl: back,
                  failureUrl: back,
                  userAgent: request.userAgent ?? 'Mozilla/5.0',
                  device: request.device ?? null,
                },
              }
            : {}),
          now: request.now,
        }),
      );
      const card = { brand, last4 };
      if (state.status === 'failed') return { outcome: 'declined', message: CARD_MESSAGES.declined };
      if (state.status === 'authorized') return { outcome: 'authorized', providerReference: state.providerRef, card };
      if (debit && state.status === 'pending' && state.actionUrl)
        return {
          outcome: 'pending',
          providerReference: state.providerRef,
          expiresAt: minutesFrom(request.now, Math.min(15, PAYMENTS_CONFIG.stepTtlMinutes)),
          actionUrl: state.actionUrl,
          card,
        };
      throw new CheckoutProviderError('invalid', `rede: unexpected state ${state.status} at authorize`);
    },
    async capture(charge) {
      const state = await call(async () => rede.capture((await tidOf(charge)) ?? '', charge.amountCents));
      if (state.status !== 'paid') throw new CheckoutProviderError('invalid', `rede: capture left it ${state.status}`);
    },
    async void(charge) {
      await call(async () => {
        const tid = await tidOf(charge);
        if (tid) await unlessMissing(() => rede.void(tid));
      });
    },
    async refund(charge) {
      return call(async () => {
        const tid = await tidOf(charge);
        if (!tid) throw new ProviderError('rede', 'no transaction to refund', 404, true);
        // Rede takes no idempotency key: a retry after a lost answer first asks whether it already happened.
        if ((await rede.getCharge(tid)).status === 'refunded')
          return { providerRefundId: charge.refundId, status: 'done' };
        const result = await rede.refund({
          receiptId: tid,
          refundId: charge.refundId,
          amountCents: charge.amountCents,
        });
        if (result.status === 'failed') throw new ProviderError('rede', 'refund refused', 422);
        return { providerRefundId: result.providerRefundId, status: result.status };
      });
    },
    async refundStatus(charge) {
      // Rede is read by its transaction: refunded (cancelled after capture) is the refund done.
      return call(async () => {
        const tid = await tidOf(charge);
        if (!tid) throw new ProviderError('rede', 'no transaction', 404, true);
        return (await rede.getCharge(tid)).status === 'refunded' ? 'done' : 'pending';
      });
    },
    status(charge) {
      return statusOf(async () => {
        const tid = await tidOf(charge);
        return tid ? rede.getCharge(tid) : null;
      });
    },
  };
}
