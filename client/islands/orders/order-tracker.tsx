import { useEffect, useState } from 'react';
import type { Ga4Item } from '../../../src/lib/analytics/ga4';
import { track } from '../../analytics';
import { useStores } from '../../stores';

export interface PurchaseEvent {
  transaction_id: string;
  value: number;
  shipping: number;
  currency: 'BRL';
  coupon?: string;
  payment_type: string;
  items: Ga4Item[];
}

export interface OrderTrackerProps {
  /** `/api/order-status?…` for this confirmation, polled while a Pix/boleto is unpaid; null: no polling. */
  statusUrl: string | null;
  purchases: PurchaseEvent[];
}

const POLL_MS = 5000;
const sentKey = (id: string) => `vitrine:purchase:${id}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Fires GA4 `purchase` once per order (a reload or a second visit does not repeat it), and while the
 * payment is pending polls its status, reloading the page when it changes (Pix paid, expired…).
 */
export function OrderTracker({ statusUrl, purchases }: OrderTrackerProps) {
  const { gateways } = useStores();
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    for (const purchase of purchases) {
      if (storage()?.getItem(sentKey(purchase.transaction_id))) continue;
      track({ event: 'purchase', ecommerce: purchase });
      storage()?.setItem(sentKey(purchase.transaction_id), '1');
    }
    if (!statusUrl) return;
    setNote('Assim que o pagamento for confirmado, esta página é atualizada.');
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const body = await gateways.orders.status(statusUrl);
        if (stopped) return;
        if (body.status !== 'pending') {
          stopped = true;
          clearInterval(timer);
          window.location.reload();
        }
      } catch {
        // Offline for a moment, or a refused answer: the next tick tries again.
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // Props are fixed for the island's life.
  }, []);
  return note ? (
    <p className="order-tracker" role="status">
      {note}
    </p>
  ) : null;
}
