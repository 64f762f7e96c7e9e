import {
  EXCHANGE_WINDOW_DAYS,
  type Exchange,
  type ExchangeRequest,
  type ExchangesResponse,
} from '../../contracts/exchanges';
import { DomainError } from '../domain-error';
import type { ExchangeEventRow, ExchangeItemRow, ExchangeRow, ExchangesRepo, OrderLineRow } from './repo';

export interface ExchangesDeps {
  repo: ExchangesRepo;
  now: () => Date;
}

export const EXCHANGE_MESSAGES = {
  orderNotFound: 'Pedido não encontrado.',
  notDelivered: 'Só é possível pedir troca ou devolução de pedidos já entregues.',
  windowClosed: `O prazo para pedir troca ou devolução (${EXCHANGE_WINDOW_DAYS} dias após a entrega) terminou.`,
  itemNotInOrder: 'Um dos itens escolhidos não faz parte deste pedido.',
  alreadyRequested: 'Já existe uma solicitação de troca ou devolução para um dos itens escolhidos.',
  tooMany: 'A quantidade pedida é maior que a comprada.',
} as const;

const DAY_MS = 86_400_000;
const cutoffOf = (now: Date) => new Date(now.getTime() - EXCHANGE_WINDOW_DAYS * DAY_MS).toISOString();

const eligibleLine = (line: OrderLineRow, cutoff: string) =>
  line.status === 'delivered' && line.delivered_at !== null && line.delivered_at >= cutoff && line.requested === 0;

/** A request as the contract shows it, with its lines and timeline (from rows of many requests). */
export function toExchange(r: ExchangeRow, items: ExchangeItemRow[], events: ExchangeEventRow[]): Exchange {
  return {
    id: r.id,
    orderId: r.order_id,
    kind: r.kind,
    reason: r.reason,
    refund: r.refund_method,
    status: r.status,
    createdAt: r.created_at,
    items: items
      .filter((i) => i.exchange_id === r.id)
      .map((i) => ({ orderItemId: i.order_item_id, name: i.name, size: i.size, colorName: i.color_name, amount: i.amount })),
    refundAmount: r.refund_cents,
    events: events
      .filter((v) => v.exchange_id === r.id)
      .map((v) => ({ status: v.status, note: v.note, at: v.created_at })),
  };
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

/** The pt-BR refusal for a request against the current state, or null when it is acceptable. */
function refusal(lines: OrderLineRow[], input: ExchangeRequest, cutoff: string): DomainError | null {
  const first = lines[0];
  if (!first) return new DomainError('NOT_FOUND', EXCHANGE_MESSAGES.orderNotFound);
  if (first.status !== 'delivered' || !first.delivered_at)
    return new DomainError('UNPROCESSABLE', EXCHANGE_MESSAGES.notDelivered);
  if (first.delivered_at < cutoff) return new DomainError('UNPROCESSABLE', EXCHANGE_MESSAGES.windowClosed);
  for (const item of input.items) {
    const line = lines.find((l) => l.order_item_id === item.orderItemId);
    if (!line) return new DomainError('UNPROCESSABLE', EXCHANGE_MESSAGES.itemNotInOrder);
    if (line.requested > 0) return new DomainError('CONFLICT', EXCHANGE_MESSAGES.alreadyRequested);
    if (item.amount > line.amount) return new DomainError('UNPROCESSABLE', EXCHANGE_MESSAGES.tooMany);
  }
  return null;
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
