/** The rows the exchange reads answer (customer side and back office). */
export interface ExchangeRow {
  id: number;
  order_id: number;
  kind: 'exchange' | 'return';
  reason: string;
  refund_method: 'cashback' | 'original';
  status: 'requested' | 'approved' | 'received' | 'refunded' | 'completed' | 'rejected';
  created_at: string;
  refund_cents: number | null;
}

export interface ExchangeEventRow {
  exchange_id: number;
  status: ExchangeRow['status'];
  note: string | null;
  created_at: string;
}

export interface ExchangeItemRow {
  exchange_id: number;
  order_item_id: number;
  name: string;
  size: string;
  color_name: string;
  amount: number;
}

/** An order line of the customer, with its order's state and what is already requested. */
export interface OrderLineRow {
  order_id: number;
  order_item_id: number;
  name: string;
  size: string;
  color_name: string;
  amount: number;
  requested: number;
  status: string;
  delivered_at: string | null;
}
