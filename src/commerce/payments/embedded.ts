import type { CommercePort } from '../port';
import { cashbackRepo } from '../cashback/repo';
import { batchOf, giveBackOf, type GiveBack } from '../d1';
import { inventoryRepo } from '../inventory/repo';
import { promotionsRepo } from '../promotions/repo';
import type { LiveEventDeps } from './live/events';
import { liveEventsRepo } from './live/repo';
import type { PaymentLifecycleDeps } from './payment-lifecycle';
import { sandboxLedger } from './sandbox/repo';
import { paymentsRepo } from './repo';
import { paymentReturn, paymentReturnState } from './return';
import { giveRefundBank, refundPayout } from './payouts';
import {
  cardService,
  installments,
  offeredMethods,
  paypalCreate,
  sandboxAction,
  sandboxPayment,
  type PaymentsDeps,
} from './service';

/** What orders that will not go ahead give back, in order: stock, coupon use, cashback. */
export function orderGiveBack(db: D1Database): GiveBack {
  return giveBackOf(
    inventoryRepo(db).releaseStatements,
    promotionsRepo(db).undoUseStatements,
    cashbackRepo(db).undoStatements,
  );
}

/** The payment lifecycle's repos for one request (or one cron run). */
export function paymentLifecycleDeps(db: D1Database): PaymentLifecycleDeps {
  return { payments: paymentsRepo(db), cashback: cashbackRepo(db), giveBack: orderGiveBack(db), batch: batchOf(db) };
}

/** Acting on live providers' events (webhooks, the cron's reconciliation). */
export function liveEventDeps(db: D1Database): LiveEventDeps {
  return { events: liveEventsRepo(db), lifecycle: paymentLifecycleDeps(db) };
}

/** What the payments slice needs from the rest of the embedded backend, wired by the caller. */
export type PaymentsWiring = Omit<PaymentsDeps, 'payments' | 'ledger' | 'lifecycle'>;

export type PaymentsPort = Pick<
  CommercePort,
  | 'cardService'
  | 'paypalCreate'
  | 'installments'
  | 'paymentMethods'
  | 'paymentStep'
  | 'paymentAction'
  | 'paymentReturn'
  | 'paymentReturnState'
  | 'refundPayout'
  | 'giveRefundBank'
>;

/** The embedded backend's payment calls (the sandbox steps, PayPal create, the offered methods, provider returns). */
export function embeddedPayments(db: D1Database, wiring: PaymentsWiring, token: string | null): PaymentsPort {
  const deps: PaymentsDeps = {
    ...wiring,
    payments: paymentsRepo(db),
    ledger: sandboxLedger(db),
    lifecycle: paymentLifecycleDeps(db),
  };
  return {
    cardService: async () => cardService(deps),
    paypalCreate: (input) => paypalCreate(deps, input, token),
    installments: async (total) => installments(total),
    paymentMethods: async () => ({
      methods: offeredMethods(deps.providers).map(({ id, name, label, kind, installments: max }) => ({
        id,
        name,
        label,
        kind,
        installments: max,
      })),
    }),
    paymentStep: (reference) => sandboxPayment(deps, reference),
    paymentAction: (input) => sandboxAction(deps, input),
    paymentReturn: (reference, caller, defer) => paymentReturn(deps, reference, caller, defer),
    paymentReturnState: (reference, caller, giveUp) => paymentReturnState(deps, reference, caller, giveUp),
    refundPayout: (orderId) => refundPayout(deps, orderId),
    giveRefundBank: (orderId, input) => giveRefundBank(deps, orderId, input),
  };
}
