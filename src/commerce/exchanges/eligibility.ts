import { DAY_MS } from '../../lib/format/dates';
import { EXCHANGE_WINDOW_DAYS, type ExchangeRequest } from '../../contracts/exchanges';
import { DomainError } from '../domain-error';
import type { OrderLineRow } from './exchange-rows';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

// Which delivered lines may be exchanged or returned, and the pt-BR refusal when a request asks for more.
export const EXCHANGE_MESSAGES = {
  orderNotFound: ORDER_LOOKUP_MESSAGES.orderNotFound,
  notDelivered: 'Só é possível pedir troca ou devolução de pedidos já entregues.',
  windowClosed: `O prazo para pedir troca ou devolução (${EXCHANGE_WINDOW_DAYS} dias após a entrega) terminou.`,
  itemNotInOrder: 'Um dos itens escolhidos não faz parte deste pedido.',
  alreadyRequested: 'Já existe uma solicitação de troca ou devolução para um dos itens escolhidos.',
  tooMany: 'A quantidade pedida é maior que a comprada.',
} as const;

/** The oldest delivery date still inside the exchange window. */
export const cutoffOf = (now: Date) => new Date(now.getTime() - EXCHANGE_WINDOW_DAYS * DAY_MS).toISOString();

/** A line the customer may still ask for: delivered within the window and not requested yet. */
export const eligibleLine = (line: OrderLineRow, cutoff: string) =>
  line.status === 'delivered' && line.delivered_at !== null && line.delivered_at >= cutoff && line.requested === 0;

/** The pt-BR refusal for a request against the current state, or null when it is acceptable. */
export function refusal(lines: OrderLineRow[], input: ExchangeRequest, cutoff: string): DomainError | null {
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
