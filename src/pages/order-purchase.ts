import type { PurchaseEvent } from '../../client/islands/orders/order-tracker';
import type { OrderConfirmation } from '../contracts/orders';
import { centsToReais } from '../lib/format/money';
import { paymentMethod } from '../lib/payments/payment-methods';
import { BRAND } from '../lib/seo/structured-data';

export type OrderPurchase = PurchaseEvent;

/** GA4 payment_type: the checkout's method name (both credit-card methods read `credit-card`). */
function paymentType(methodId: number): string {
  const method = paymentMethod(methodId);
  if (!method) return 'other';
  return method.kind === 'credit' ? 'credit-card' : method.name;
}

/** GA4 `purchase` per order: the order total and shipping, items with their prices in reais. */
export function purchaseEvents(data: OrderConfirmation): PurchaseEvent[] {
  return data.orders.map((order) => ({
    transaction_id: String(order.id),
    value: centsToReais(order.total),
    shipping: centsToReais(order.shipping),
    currency: 'BRL' as const,
    ...(order.couponCode ? { coupon: order.couponCode } : {}),
    payment_type: paymentType(order.paymentMethodId),
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
