import type { PurchaseEvent } from '../../client/islands/order-tracker';
import type { OrderConfirmation } from '../contracts/orders';
import { centsToReais } from '../lib/money';
import { BRAND } from '../lib/structured-data';

export type OrderPurchase = PurchaseEvent;

const PAYMENT_TYPES: Record<number, string> = {
  1: 'credit-card',
  43: 'credit-card',
  26: 'coupon',
  31: 'debit-card',
  6: 'bank-slip',
  32: 'paypal',
  47: 'pix',
  53: 'open-finance',
};

/** GA4 `purchase` per order (issue 6 analytics): the order total and shipping, items with their prices in reais. */
export function purchaseEvents(data: OrderConfirmation): PurchaseEvent[] {
  return data.orders.map((order) => ({
    transaction_id: String(order.id),
    value: centsToReais(order.total),
    shipping: centsToReais(order.shipping),
    currency: 'BRL' as const,
    ...(order.couponCode ? { coupon: order.couponCode } : {}),
    payment_type: PAYMENT_TYPES[order.paymentMethodId] ?? 'other',
    items: order.items.map((item) => ({
      item_id: String(item.productItemId),
      item_name: item.name,
      item_brand: BRAND,
      item_variant: `${item.color} / ${item.size}`,
      price: centsToReais(item.unitPrice),
      quantity: item.amount,
    })),
  }));
}
