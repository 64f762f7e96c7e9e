import type {
  BackofficeExchange,
  BackofficeExchangesPage,
  BackofficeExchangesQuery,
  BackofficeOrderDetail,
  BackofficeOrderPayment,
  BackofficeOrdersPage,
  BackofficeOrdersQuery,
  ExchangeStatusChange,
  Operator,
  OrderStatusChange,
} from '../../contracts/backoffice';

/**
 * The store operator's calls of the CommercePort (ADR 0010). Every call needs a signed-in super user:
 * `UNAUTHENTICATED` without a session, `FORBIDDEN` for any other customer.
 */
export interface BackofficePort {
  backofficeOperator(): Promise<Operator>;
  backofficeOrders(query: BackofficeOrdersQuery): Promise<BackofficeOrdersPage>;
  /** Any customer's order (or a guest's), with the steps open to it and its exchange/return requests. */
  backofficeOrder(id: number): Promise<BackofficeOrderDetail>;
  backofficeOrderStatus(id: number, input: OrderStatusChange): Promise<BackofficeOrderDetail>;
  /** The order's payment as its provider holds it (provider, ids, statuses, events, refunds); null: no payment. */
  backofficeOrderPayment(id: number): Promise<BackofficeOrderPayment>;
  /** "Conferir com o provedor": the cron's reconciliation for this one order's payment, then its view. */
  backofficeCheckOrderPayment(id: number): Promise<BackofficeOrderPayment>;
  /** A refund owed by transfer was paid into the shopper's account: `done` (CONFLICT when not owed or no account yet). */
  backofficeRefundPaidOut(id: number, refundId: number): Promise<BackofficeOrderPayment>;
  /** The exchange/return queue, oldest first. */
  backofficeExchanges(query: BackofficeExchangesQuery): Promise<BackofficeExchangesPage>;
  backofficeExchangeStatus(id: number, input: ExchangeStatusChange): Promise<BackofficeExchange>;
}
