import type { PaymentKind } from '../../../lib/payments/payment-methods';
import {
  ProviderError,
  type Authorization,
  type AuthorizeRequest,
  type ChargeRef,
  type PaymentProvider,
  type ProviderSet,
} from '../provider';
import { sandboxBoleto } from './boleto';
import { checkCard } from './card';
import { challengePath } from './debit';
import { sandboxLedger, type LedgerStatus } from './repo';
import { consentPath } from './open-finance';
import { assertPaypalAvailable, paypalApprovalPath } from './paypal';
import { sandboxPix } from './pix';
import { minutesFrom, type PaymentsConfig } from './payments-config';

/**
 * Test hooks of the sandbox provider (never set by configuration): `unavailable` fails a call before the
 * provider does anything (a 5xx); `timeout` lets the provider do it and loses the answer.
 * `afterAuthorize` runs once an authorization succeeded (a test makes the order batch fail there).
 */
export type SandboxFault = 'timeout' | 'unavailable';
export interface SandboxFaults {
  authorize?: SandboxFault;
  capture?: SandboxFault;
  void?: SandboxFault;
  afterAuthorize?: () => Promise<void>;
}

type Op = 'authorize' | 'capture' | 'void';

async function faulty<T>(faults: SandboxFaults, op: Op, work: () => Promise<T>): Promise<T> {
  const fault = faults[op];
  if (fault === 'unavailable') throw new ProviderError('unavailable', `sandbox ${op}: 503`, 503);
  const result = await work();
  if (fault === 'timeout') throw new ProviderError('timeout', `sandbox ${op}: timed out`);
  return result;
}

type Authorize = (request: AuthorizeRequest) => Promise<Exclude<Authorization, { outcome: 'paid' }>>;

/** One sandbox adapter: `charge` decides the outcome per kind; the ledger keeps its side of the charge. */
function sandboxProvider(
  name: string,
  kinds: readonly PaymentKind[],
  db: D1Database,
  faults: SandboxFaults,
  charge: Authorize,
): PaymentProvider {
  const ledger = sandboxLedger(db);
  const move = async (ref: ChargeRef, from: LedgerStatus[], to: LedgerStatus, idle: LedgerStatus[]) => {
    if (await ledger.move(ref.reference, from, to, ref.now)) return;
    const row = await ledger.get(ref.reference);
    if (row === null ? to !== 'voided' : !idle.includes(row.status))
      throw new ProviderError(
        'invalid',
        `sandbox: ${ref.reference} is ${row?.status ?? 'unknown'}, cannot become ${to}`,
      );
  };
  return {
    name,
    kinds,
    authorize: (request) =>
      faulty(faults, 'authorize', async () => {
        const result = await charge(request);
        if (result.outcome === 'declined') return result;
        await ledger.open(
          {
            reference: request.reference,
            provider: name,
            method_id: request.methodId,
            amount_cents: request.chargedCents,
            status: result.outcome,
          },
          request.now,
        );
        await faults.afterAuthorize?.();
        return result;
      }),
    capture: (ref) => faulty(faults, 'capture', () => move(ref, ['authorized'], 'paid', ['paid'])),
    void: (ref) =>
      faulty(faults, 'void', () => move(ref, ['pending', 'authorized'], 'voided', ['voided', 'expired', 'failed'])),
    async refund(ref) {
      await ledger.refund(ref.reference, ref.refundId, ref.amountCents, ref.now);
      return { providerRefundId: `SBX-${ref.refundId}`, status: 'done' };
    },
    async status(ref) {
      return (await ledger.get(ref.reference))?.status ?? 'unknown';
    },
  };
}

/** The card is refused, or authorised (funds held) with its brand and last 4 digits. */
function cardAuthorization(request: AuthorizeRequest) {
  const card = checkCard(
    request.card ?? { number: '', securityCode: '', expirationMonth: '', expirationYear: '', holderName: '' },
    request.now,
  );
  if (card.decline) return { outcome: 'declined' as const, message: card.decline };
  return {
    outcome: 'authorized' as const,
    providerReference: request.reference,
    card: { brand: card.brand, last4: card.last4 },
  };
}

/**
 * The in-house simulators behind the provider interface (sandbox mode only): rede cards (credit
 * authorised at once; debit then a 3-D Secure step), PayPal (approval page; PayPal card like rede),
 * Pix (BR Code), boleto (FEBRABAN line), open finance (consent page). Their books: `sandbox_charges`.
 */
export function sandboxProviders(db: D1Database, config: PaymentsConfig, faults: SandboxFaults = {}): ProviderSet {
  const stepExpiry = (now: Date, max = config.stepTtlMinutes) => minutesFrom(now, Math.min(max, config.stepTtlMinutes));
  return {
    card: sandboxProvider('rede', ['credit', 'debit'], db, faults, async (request) => {
      const card = cardAuthorization(request);
      if (card.outcome === 'declined' || request.kind === 'credit') return card;
      return {
        outcome: 'pending',
        providerReference: request.reference,
        expiresAt: stepExpiry(request.now, 15),
        actionUrl: challengePath(request.reference),
        card: card.card,
      };
    }),
    paypal: sandboxProvider('paypal', ['credit', 'wallet'], db, faults, async (request) => {
      assertPaypalAvailable(request.chargedCents, config.paypalDown);
      if (request.kind === 'credit') return cardAuthorization(request);
      return {
        outcome: 'pending',
        providerReference: request.reference,
        expiresAt: stepExpiry(request.now),
        actionUrl: paypalApprovalPath(request.reference),
        card: null,
      };
    }),
    pix: sandboxProvider('pix', ['pix'], db, faults, async (request) => ({
      outcome: 'pending',
      providerReference: request.reference,
      expiresAt: minutesFrom(request.now, config.pix.ttlMinutes),
      pix: sandboxPix(request.reference, request.chargedCents, config),
      card: null,
    })),
    boleto: sandboxProvider('boleto', ['boleto'], db, faults, async (request) => ({
      outcome: 'pending',
      providerReference: request.reference,
      ...sandboxBoleto(request.reference, request.chargedCents, request.now, config),
      card: null,
    })),
    'open-finance': sandboxProvider('open-finance', ['open-finance'], db, faults, async (request) => ({
      outcome: 'pending',
      providerReference: request.reference,
      expiresAt: stepExpiry(request.now),
      actionUrl: consentPath(request.reference),
      card: null,
    })),
  };
}
