import type { BrowserDevice } from '../../../contracts/checkout';
import type { BuyerAddress } from '../provider';

/**
 * The live payment providers' own minimal interface. Every adapter in this folder calls its
 * provider's documented HTTP API with `fetch` and nothing else; the checkout reaches them through
 * `registry.ts` (one selection point, by configuration). Money is integer cents on our side; each
 * adapter converts to the provider's format at the edge.
 */

/** The kinds of live charge we take. Open finance stays a sandbox (ADR 0015). */
export type LiveKind = 'pix' | 'paypal' | 'card' | 'boleto';

/** Provider names as stored in `payment_events.provider` and routed at `/api/webhooks/<provider>`. */
export type LiveProviderName = 'pix' | 'paypal' | 'rede' | 'boleto';

/** A charge's state as the provider reports it, mapped onto our payment statuses. */
export type LiveStatus = 'pending' | 'authorized' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

export interface Buyer {
  name: string;
  /** 11 digits. */
  cpf: string;
  email?: string;
}

/** The payer's address a registered boleto names (the checkout's `BuyerAddress`). */
export type BoletoAddress = BuyerAddress;

/** Card data: lives only in memory for the authorisation call; never logged, never stored (ADR 0016). */
export interface CardData {
  number: string;
  holderName: string;
  expiryMonth: number;
  expiryYear: number;
  securityCode: string;
}

interface ChargeBase {
  /** Our reference: Pix txid (26–35 alphanumerics), PayPal/Rede reference, boleto "seu número". */
  reference: string;
  amountCents: number;
  now: Date;
}

export type ChargeInput =
  | (ChargeBase & { kind: 'pix'; expiresInSeconds: number; buyer?: Buyer; description?: string })
  | (ChargeBase & { kind: 'paypal'; returnUrl: string; cancelUrl: string })
  | (ChargeBase & {
      kind: 'card';
      method: 'credit' | 'debit';
      installments: number;
      card: CardData;
      /** Debit only: the 3-D Secure return pages and the shopper's user agent. */
      threeDs?: { successUrl: string; failureUrl: string; userAgent: string; device?: BrowserDevice | null };
    })
  | (ChargeBase & {
      kind: 'boleto';
      dueDate: string;
      buyer: Buyer;
      address: BoletoAddress;
      /** An earlier create with this reference was given up on (its answer lost): continue with its boleto if any. */
      resume?: boolean;
    });

/** What the provider reports about a charge (a fresh read: never a webhook body). */
export interface ChargeState {
  /** The provider's id for the charge (Pix txid, PayPal order id, Rede tid, boleto request code). */
  providerRef: string;
  status: LiveStatus;
  /** What the provider says was charged or received (cents), when it says. */
  amountCents: number | null;
  /** Pix "copia e cola" (also on a boleto that carries a Pix QR). */
  pixCopiaECola?: string;
  /** Where the shopper must go next (PayPal approval, 3-D Secure). */
  actionUrl?: string;
  /** A boleto's line and barcode, and its due date (YYYY-MM-DD) when the provider says. */
  boleto?: { line: string; barcode: string; dueDate?: string };
  /** Money received, with the provider's id needed to refund it (Pix e2eid, PayPal capture id). */
  receipts: { id: string; amountCents: number }[];
  card?: { brand: string | null; last4: string | null; authorizationCode: string | null };
  /** Provider's free text on a decline (never shown raw to the shopper). */
  reason?: string;
}

export interface RefundInput {
  /** The receipt to refund (Pix e2eid, PayPal capture id, Rede tid). */
  receiptId: string;
  /** Our idempotent refund id (Pix devolução id, PayPal-Request-Id). */
  refundId: string;
  amountCents: number;
}

export interface RefundResult {
  providerRefundId: string;
  status: 'pending' | 'done' | 'failed';
}

/** One notification, authenticated and re-read from the provider. */
export interface VerifiedEvent {
  /** Provider's event id (PayPal event id, Pix end-to-end id, …): UNIQUE in `payment_events`. */
  eventId: string;
  /** Which charge, and its state as re-read from the provider (never the body's claim). */
  state: ChargeState;
}

export type WebhookVerdict =
  { ok: true; events: VerifiedEvent[] } | { ok: false; status: 400 | 401 | 404; reason: string };

export interface LiveProvider {
  name: LiveProviderName;
  kind: LiveKind;
  /** Creates the charge (a card: authorises without capturing). */
  createCharge(input: ChargeInput): Promise<ChargeState>;
  getCharge(providerRef: string): Promise<ChargeState>;
  /**
   * The charge made with OUR reference, when the provider can be asked that way (null: it has none). Lets
   * the checkout void an authorisation whose answer was lost (a timeout at create). `now`: where a search needs a
   * period (Inter's, by issue day).
   */
  findByReference?(reference: string, now?: Date): Promise<ChargeState | null>;
  /** Card and PayPal: takes the money once our orders exist. Pix/boleto: not applicable (throws). */
  capture(providerRef: string, amountCents: number): Promise<ChargeState>;
  /** Gives up an uncaptured charge (card authorisation, unpaid Pix/boleto). */
  void(providerRef: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Reads a refund back (Pix: GET /pix/{e2eid}/devolucao/{id}; PayPal: GET /v2/payments/refunds/{id}). */
  getRefund?(input: { receiptId: string; refundId: string; providerRefundId: string }): Promise<RefundResult>;
  /** Authenticates a webhook request; the events carry states re-read from the provider. */
  verifyWebhook(request: Request): Promise<WebhookVerdict>;
}

/** A provider answered something we cannot use (5xx, timeout, undocumented shape). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: LiveProviderName,
    message: string,
    /** HTTP status, or 0 for a timeout/network failure. */
    readonly status: number,
    /** The provider said the thing does not exist (unknown charge). */
    readonly notFound = false,
    /** What the provider did create before we gave up (a boleto still issuing): withdrawn by this id. */
    readonly providerRef?: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** `fetch` as adapters see it: the global one, an mTLS certificate binding's, or a test fake. */
export type FetchLike = (request: Request) => Promise<Response>;
