// Over 300 lines: one factory per checkout slot (Pix, boleto, credit, debit, PayPal) adapting the live adapters to the provider interface, kept together so the slots read alike.
import { DomainError } from '../../domain-error';
import { boletoExpiresAt, dueDateFrom } from '../providers/boleto';
import { CARD_MESSAGES, checkCard } from '../providers/card';
import { minutesFrom, PAYMENTS_CONFIG } from '../providers/types';
import {
  ProviderError as CheckoutProviderError,
  type AuthorizeRequest,
  type ChargeRef,
  type ChargeStatus,
  type LiveProviderFactory,
  type PaymentProvider,
} from '../provider';
import { liveProviders as liveAdapters, type LiveBindings, type LiveRegistry } from './registry';
import { ProviderError, type ChargeState, type LiveProvider, type LiveProviderName, type LiveStatus } from './types';

/**
 * The seam between the checkout's provider interface (`payments/provider.ts`: authorize → batch → capture/void)
 * and the live adapters of this folder (`createCharge`/`getCharge`/…, configured in `registry.ts`). One factory
 * per checkout slot; a factory answers null while its provider is not configured, so its methods are not offered.
 *
 * Connected (ADR 0015): Pix (API Pix), boleto (Banco Inter, with the payer's address and the Pix QR it prints),
 * cards (Rede: credit authorised → batch → captured, voided when the batch fails; debit through the issuer's
 * 3-D Secure page and our return route) and the PayPal wallet (Orders v2, approved at PayPal, captured by our
 * return route or the webhook once the orders exist). The PayPal card method (43) has no live adapter: PayPal's
 * card fields need their own front end, so it is not offered in live mode.
 */

/** Where a provider sends the shopper back (3-D Secure, PayPal): the route re-reads the charge, never the query. */
export const returnUrlOf = (origin: string, reference: string) => `${origin}/checkout/retorno/${reference}`;

/** Our 25-character reference is one short of an API Pix txid (26–35): the live txid extends it. */
export const pixTxidOf = (reference: string) => `${reference}PIX`;

const STATUS: Record<LiveStatus, ChargeStatus> = {
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'voided',
  refunded: 'refunded',
};

/** A live adapter's failure as the checkout reads it: the outcome is unknown, nothing is assumed approved. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new CheckoutProviderError(error.status === 0 ? 'timeout' : 'unavailable', error.message, error.status || undefined);
  }
}

function livePix(pix: LiveProvider): PaymentProvider {
  const ttlMinutes = PAYMENTS_CONFIG.pix.ttlMinutes;
  const refOf = (charge: { reference: string; providerReference: string | null }) => charge.providerReference ?? pixTxidOf(charge.reference);
  return {
    name: 'pix',
    kinds: ['pix'],
    async authorize(request) {
      const state = await call(() =>
        pix.createCharge({
          kind: 'pix',
          reference: pixTxidOf(request.reference),
          amountCents: request.chargedCents,
          expiresInSeconds: ttlMinutes * 60,
          buyer: { name: request.buyer.name, cpf: request.buyer.cpf, email: request.buyer.email },
          now: request.now,
        }),
      );
      if (!state.pixCopiaECola) throw new CheckoutProviderError('invalid', 'pix: the charge has no pixCopiaECola');
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: new Date(request.now.getTime() + ttlMinutes * 60_000).toISOString(),
        pix: { payload: state.pixCopiaECola, txid: state.providerRef },
        card: null,
      };
    },
    async capture() {
      // A Pix is paid by the shopper's bank; the webhook or the reconciliation settles it (events.ts).
    },
    async void(charge) {
      await call(async () => {
        try {
          await pix.void(refOf(charge));
        } catch (error) {
          if (error instanceof ProviderError && error.notFound) return; // never created: nothing to withdraw
          throw error;
        }
      });
    },
    async refund(charge) {
      return call(async () => {
        const state = await pix.getCharge(refOf(charge));
        const receipt = state.receipts[0];
        if (!receipt) throw new ProviderError('pix', 'nothing was received for this charge', 409);
        const result = await pix.refund({ receiptId: receipt.id, refundId: charge.refundId, amountCents: charge.amountCents });
        return { providerRefundId: result.providerRefundId };
      });
    },
    async status(charge) {
      return call(async () => {
        try {
          return STATUS[(await pix.getCharge(refOf(charge))).status];
        } catch (error) {
          if (error instanceof ProviderError && error.notFound) return 'unknown';
          throw error;
        }
      });
    },
  };
}

/** Inter's "seu número" is at most 15 letters/digits: the random tail of our 25-character reference. */
export const seuNumeroOf = (reference: string) => reference.slice(-15);

export const BOLETO_MESSAGES = {
  address:
    'Para pagar com boleto, informe um endereço de entrega ou cadastre um endereço na sua conta. Você também pode escolher outra forma de pagamento.',
} as const;

/** A live adapter's "not found" is no charge at all: nothing to withdraw (never created). */
async function unlessMissing(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ProviderError && error.notFound) return;
    throw error;
  }
}

async function statusOf(read: () => Promise<ChargeState | null>): Promise<ChargeStatus> {
  return call(async () => {
    try {
      const state = await read();
      return state ? STATUS[state.status] : 'unknown';
    } catch (error) {
      if (error instanceof ProviderError && error.notFound) return 'unknown';
      throw error;
    }
  });
}

/** Boleto registered at Banco Inter: pending until the payer pays it (webhook / reconciliation settle it). */
function liveBoleto(inter: LiveProvider): PaymentProvider {
  return {
    name: 'boleto',
    kinds: ['boleto'],
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
      if (!state.boleto) throw new CheckoutProviderError('invalid', 'boleto: the cobrança has no line/barcode');
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
function liveCard(rede: LiveProvider): PaymentProvider {
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
            ? { threeDs: { successUrl: back, failureUrl: back, userAgent: request.userAgent ?? 'Mozilla/5.0' } }
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
        if ((await rede.getCharge(tid)).status === 'refunded') return { providerRefundId: charge.refundId };
        const result = await rede.refund({ receiptId: tid, refundId: charge.refundId, amountCents: charge.amountCents });
        if (result.status === 'failed') throw new ProviderError('rede', 'refund refused', 422);
        return { providerRefundId: result.providerRefundId };
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

/** The PayPal wallet (Orders v2): approved at PayPal, captured once our orders exist. */
function livePaypal(paypal: LiveProvider): PaymentProvider {
  const orderOf = (charge: ChargeRef) =>
    charge.providerReference && charge.providerReference !== charge.reference ? charge.providerReference : null;
  return {
    name: 'paypal',
    kinds: ['wallet'],
    async authorize(request) {
      const back = returnUrlOf(request.origin, request.reference);
      const state = await call(() =>
        paypal.createCharge({
          kind: 'paypal',
          reference: request.reference,
          amountCents: request.chargedCents,
          returnUrl: back,
          cancelUrl: back,
          now: request.now,
        }),
      );
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: minutesFrom(request.now, PAYMENTS_CONFIG.stepTtlMinutes),
        actionUrl: state.actionUrl!,
        card: null,
      };
    },
    async capture(charge) {
      const state = await call(() => paypal.capture(orderOf(charge) ?? '', charge.amountCents));
      if (state.status !== 'paid') throw new CheckoutProviderError('invalid', `paypal: capture left it ${state.status}`);
    },
    async void() {
      // An unapproved or uncaptured CAPTURE order lapses at PayPal; we never capture one we gave up (paypal.ts).
    },
    async refund(charge) {
      return call(async () => {
        const id = orderOf(charge);
        const receipt = id ? (await paypal.getCharge(id)).receipts[0] : undefined;
        if (!receipt) throw new ProviderError('paypal', 'nothing was captured for this order', 409);
        const result = await paypal.refund({ receiptId: receipt.id, refundId: charge.refundId, amountCents: charge.amountCents });
        if (result.status === 'failed') throw new ProviderError('paypal', 'refund refused', 422);
        return { providerRefundId: result.providerRefundId };
      });
    },
    status(charge) {
      const id = orderOf(charge);
      return statusOf(async () => (id ? paypal.getCharge(id) : null));
    },
  };
}

const factory = (
  slot: LiveProviderFactory['slot'],
  name: LiveProviderName,
  wrap: (provider: LiveProvider) => PaymentProvider,
): LiveProviderFactory => ({
  slot,
  create(env, fetcher) {
    const registry: LiveRegistry = liveAdapters(env as LiveBindings, fetcher ? { fetch: fetcher } : {});
    const provider = registry[name];
    return provider ? wrap(provider) : null;
  },
});

export const LIVE_FACTORIES: LiveProviderFactory[] = [
  factory('pix', 'pix', livePix),
  factory('boleto', 'boleto', liveBoleto),
  factory('card', 'rede', liveCard),
  factory('paypal', 'paypal', livePaypal),
];
