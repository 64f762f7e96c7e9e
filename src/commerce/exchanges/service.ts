import type { ExchangeRequest, ExchangesResponse } from '../../contracts/exchanges';
import { DomainError } from '../domain-error';
import { cutoffOf, eligibleLine, EXCHANGE_MESSAGES, refusal } from './eligibility';
import { toExchange } from './exchange-view';
import type { ExchangesRepo } from './repo';

export interface ExchangesDeps {
  repo: ExchangesRepo;
  now: () => Date;
}

export async function listExchanges(deps: ExchangesDeps, customerId: number): Promise<ExchangesResponse> {
  const [rows, items, lines, events] = await Promise.all([
    deps.repo.list(customerId),
    deps.repo.items(customerId),
    deps.repo.lines(customerId, null),
    deps.repo.events(customerId),
  ]);
  const cutoff = cutoffOf(deps.now());
  const exchanges = rows.map((r) => toExchange(r, items, events));
  const eligible = lines
    .filter((l) => eligibleLine(l, cutoff))
    .map((l) => ({
      orderId: l.order_id,
      orderItemId: l.order_item_id,
      name: l.name,
      size: l.size,
      colorName: l.color_name,
      available: l.amount - l.requested,
      deliveredAt: l.delivered_at!,
    }));
  return { exchanges, eligible };
}

/** Requests an exchange/return of delivered lines of the customer's own order (another's order → 404). */
export async function requestExchange(
  deps: ExchangesDeps,
  customerId: number,
  input: ExchangeRequest,
): Promise<ExchangesResponse> {
  const cutoff = cutoffOf(deps.now());
  const before = refusal(await deps.repo.lines(customerId, input.orderId), input, cutoff);
  if (before) throw before;
  const id = await deps.repo.create(customerId, input, cutoff);
  if (id === null) {
    // The guarded batch refused: something changed meanwhile (usually a concurrent request for the same lines).
    throw (
      refusal(await deps.repo.lines(customerId, input.orderId), input, cutoff) ??
      new DomainError('CONFLICT', EXCHANGE_MESSAGES.alreadyRequested)
    );
  }
  return listExchanges(deps, customerId);
}
