import { api } from '../api';

export interface ReturnPollProps {
  /** `/api/order-status?…` of the orders this browser may see; null: only the page's own refresh tells. */
  statusUrl: string | null;
  /** The order's confirmation link, where the poll lands once the order left `pending` (or gave up). */
  confirmation: string | null;
  /** The page's own next refresh (`/checkout/retorno/<ref>?confirmando=<n>`): the server decides where it lands. */
  refresh: string;
  everyMs: number;
  polls: number;
}

/**
 * A page script (no React) for the "Confirmando seu pagamento…" page (src/pages/payment-return.tsx): polls the
 * order's status and goes to its confirmation once it is no longer pending; after `polls` tries (or with no status
 * to read) it hands over to the page's refresh, which the server answers.
 */
export function startReturnPoll({ statusUrl, confirmation, refresh, everyMs, polls }: ReturnPollProps): () => void {
  let tries = 0;
  let stopped = false;
  const go = (to: string) => {
    stopped = true;
    clearInterval(timer);
    window.location.replace(to);
  };
  const timer = setInterval(() => {
    if (stopped) return;
    tries += 1;
    if (!statusUrl || tries > polls) return go(tries > polls && confirmation ? confirmation : refresh);
    api<{ status: string }>(statusUrl).then(
      (body) => {
        if (!stopped && body.status !== 'pending') go(confirmation ?? refresh);
      },
      () => {
        // Offline for a moment, or a refused answer: the next tick tries again.
      },
    );
  }, everyMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
