/**
 * The payment provider interface: what finish-order, the lifecycle and the back office call, and what
 * every adapter implements — the sandboxes (`providers/*`) and the live adapters (`live/*`).
 *
 * How a checkout uses it (payments/charge.ts):
 *   1. `authorize` BEFORE anything is written. A card is authorised (funds held, not captured); a Pix
 *      charge, boleto, PayPal order or redirect step is created and comes back `pending`.
 *   2. The guarded D1 batch writes the orders and the payment row (status `authorized` or `pending`).
 *      When the batch fails, finish-order calls `void` (the hold is released, the charge cancelled).
 *   3. For `authorized`: `capture`, then the orders become paid. A capture that fails leaves the
 *      orders pending and the payment `authorized`; the cron retries the capture (`status` first).
 *   `pending` charges are settled later by the provider (webhook / reconciliation → paid, or expiry).
 *
 * Rules for adapters:
 * - `reference` is OUR id for the attempt (also the Pix txid). Send it as the provider's idempotency
 *   key wherever the API has one, so a retried call never creates a second charge, and so `void`/`status`
 *   work even when `authorize` timed out before we learnt `providerReference`.
 * - Failures of the provider (network, timeout, 5xx, unparseable answer) throw `ProviderError`; a
 *   business refusal (declined card, invalid data) is a result (`declined`) or a `DomainError` (400).
 *   Nothing is approved by default: when in doubt, throw.
 * - `capture`, `void` and `refund` are idempotent: repeating one that already happened succeeds.
 * - Card data (`AuthorizeRequest.card`) exists only for the call: never log it, never store it; keep
 *   only brand and last 4 digits (`CardSummary`).
 * - Honour `signal` (the caller's timeout) in every `fetch`.
 */
import type { BrowserDevice, CardBrand } from '../../contracts/checkout';
import type { PaymentKind, PaymentMethodId, ProviderSlot } from '../../lib/payments/payment-methods';

/** The card as typed by the shopper: in memory for one call only. */
export interface CardData {
  number: string;
  securityCode: string;
  expirationMonth: string;
  expirationYear: string;
  holderName: string;
}

/** What we keep of a card. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
}

export interface Buyer {
  name: string;
  email: string;
  /** 11 digits. */
  cpf: string;
}

/** Where the buyer lives: the boleto's payer address (the checkout's delivery address, else a saved one). */
export interface BuyerAddress {
  street: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  /** Two-letter state. */
  state: string;
  /** 8 digits. */
  zipCode: string;
}

export interface AuthorizeRequest {
  methodId: PaymentMethodId;
  kind: PaymentKind;
  /** Our unique reference for this attempt (≤ 35 chars, [A-Za-z0-9-]; the Pix txid). */
  reference: string;
  /** What the orders add up to (cents). */
  amountCents: number;
  /** What the shopper is charged, with installment interest (cents). */
  chargedCents: number;
  installments: number;
  /** Card methods only (kind credit/debit); null otherwise. */
  card: CardData | null;
  buyer: Buyer;
  /** The buyer's address (registered boleto needs it); null when the checkout has none (store pickup). */
  address: BuyerAddress | null;
  /** The shopper's browser (3-D Secure wants it); null when unknown. */
  userAgent: string | null;
  /** The shopper's browser for 3-D Secure 2 (screen, language, time zone); null when the checkout sent none. */
  device?: BrowserDevice | null;
  /** This site's origin (`https://www.…`), for return/cancel URLs at the provider. */
  origin: string;
  /**
   * An earlier call with this reference was given up on (a kept attempt: its answer lost): the provider may hold its
   * object. An `idempotentCreate` adapter without an idempotency key at its provider (Inter) finds it first.
   */
  resume?: boolean;
  now: Date;
  signal?: AbortSignal;
}

export interface PixCharge {
  /** BR Code "copia e cola". */
  payload: string;
  txid: string;
}

export interface BoletoCharge {
  line: string;
  barcode: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** "Boleto com Pix": the Pix copia-e-cola the provider printed on it, when it gives one. */
  pixPayload?: string;
}

export type Authorization =
  /** Funds held: finish-order captures once the orders are written (or voids when they are not). */
  | { outcome: 'authorized'; providerReference: string; card: CardSummary | null }
  /** Nothing to hold (a total of zero): already settled. Only the `internal` slot answers this. */
  | { outcome: 'paid'; providerReference: string; card: CardSummary | null }
  /** Waits for the shopper or the bank (Pix, boleto, PayPal approval, 3-D Secure, consent). */
  | {
      outcome: 'pending';
      providerReference: string;
      /** When the charge lapses unpaid (ISO-8601). */
      expiresAt: string;
      pix?: PixCharge;
      boleto?: BoletoCharge;
      /** Where the shopper completes it: our path (sandbox) or the provider's https URL. */
      actionUrl?: string;
      card: CardSummary | null;
    }
  /** Refused by the issuer or provider; `message` is pt-BR for the shopper. Nothing is held. */
  | { outcome: 'declined'; message: string };

/** Identifies one charge at the provider for the calls after `authorize`. */
export interface ChargeRef {
  reference: string;
  /** null when `authorize` failed before answering (look the charge up by `reference`). */
  providerReference: string | null;
  methodId: PaymentMethodId;
  /** Charged amount (cents). */
  amountCents: number;
  now: Date;
  signal?: AbortSignal;
}

/** A refund as its provider reports it: still processing, money back, or not made (the money is still ours). */
export type RefundState = 'pending' | 'done' | 'failed';

/** The charge as the provider sees it now. `unknown`: the provider has no charge with this reference. */
export type ChargeStatus = 'pending' | 'authorized' | 'paid' | 'voided' | 'refunded' | 'expired' | 'failed' | 'unknown';

export interface PaymentProvider {
  /**
   * Stored in `payments.provider`: one of the names its CHECK allows (migration 0007: rede, paypal, pix,
   * boleto, debit, open-finance, coupon) unless a migration widens it. Unique within a mode.
   */
  readonly name: string;
  /** The method kinds this adapter charges. */
  readonly kinds: readonly PaymentKind[];
  /**
   * An uncaptured charge takes no money and lapses at the provider by itself (PayPal's CAPTURE orders: only our
   * capture moves money). A cancelled sale's charge is then closed as soon as the provider says it was not captured.
   */
  readonly lapsesUncaptured?: boolean;
  /**
   * `authorize` repeated with the same `reference` returns the first charge (PayPal: `PayPal-Request-Id` is derived
   * from it; Inter: the boleto is found by its "seu número" when `resume` says an earlier answer was lost).
   * Finish-order then derives the reference from its idempotency key (reference.ts keyedReference), so a retry after
   * a timeout reuses the provider's object, and a create whose answer was lost is not withdrawn at once (the retry
   * continues with it; the cron withdraws it when none came: payments/attempts.ts). Providers whose reference must be
   * new per attempt (a Pix txid withdrawn after a timeout cannot be created again) leave it unset.
   */
  readonly idempotentCreate?: boolean;
  authorize(request: AuthorizeRequest): Promise<Authorization>;
  /** Settles an `authorized` charge. Idempotent. */
  capture(charge: ChargeRef): Promise<void>;
  /** Releases an authorization or cancels a pending charge; a charge that never existed is not an error. Idempotent. */
  void(charge: ChargeRef): Promise<void>;
  /**
   * Refunds `amountCents` of a paid charge; `refundId` is our idempotency key. Returns the provider's refund id and
   * whether the money has gone back already (`done`) or the provider is still processing it (`pending`: read it back
   * with `refundStatus`). A refusal throws.
   */
  refund(charge: ChargeRef & { refundId: string }): Promise<{ providerRefundId: string; status: 'pending' | 'done' }>;
  /** Reads a `pending` refund back. Absent: the provider's refunds are final when answered. */
  refundStatus?(charge: ChargeRef & { refundId: string; providerRefundId: string }): Promise<RefundState>;
  /** No refund API (a boleto at Inter): a refund is owed to the shopper and paid by bank transfer (back office). */
  readonly refundsByTransfer?: boolean;
  status(charge: ChargeRef): Promise<ChargeStatus>;
}

/**
 * The provider failed (network, timeout, 5xx, bad answer): the outcome is unknown, nothing is assumed approved.
 * `refused`: the provider answered a 4xx about our request (invalid data): it created nothing, so there is nothing to
 * withdraw, and the shopper gets a 422 with a reason rather than "we could not reach it".
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'timeout' | 'unavailable' | 'invalid' | 'refused',
    message: string,
    readonly httpStatus?: number,
    /** The provider's own id of what it created before the failure, when it told us (withdrawn by it). */
    readonly providerReference?: string,
  ) {
    super(message);
  }
}

/** The adapters serving each slot for one request; a slot without an adapter is not offered. */
export type ProviderSet = Partial<Record<Exclude<ProviderSlot, 'internal'>, PaymentProvider>>;

/**
 * How a live adapter is plugged in: given the worker's bindings, the adapter for its slot when its
 * configuration (vars/secrets) is complete, else null (then its methods are not offered in live mode).
 * Register factories in `LIVE_PROVIDER_FACTORIES` (`payments/live-provider-set.ts`).
 */
export interface LiveProviderFactory {
  slot: Exclude<ProviderSlot, 'internal'>;
  /** `fetcher`: how to reach the provider when not the default (tests: a fake); absent, the adapter's own. */
  create(env: Record<string, unknown>, fetcher?: (request: Request) => Promise<Response>): PaymentProvider | null;
}
