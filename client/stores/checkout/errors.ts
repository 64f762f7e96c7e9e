/** The checkout's failures: what the islands show for them and how the store tells a transient one. */
export class StockError extends Error {
  override name = 'StockError';
}

/** PayPal is unavailable: the order now needs a credit card (method 1, rede). */
export class PaypalFallback extends Error {
  override name = 'PaypalFallback';
  constructor() {
    super('Não foi possível pagar com o PayPal agora. Pague com cartão de crédito.');
  }
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : null;
}

export function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === null || status === 0 || status >= 500;
}

/** paypal/create answers its failure as 4xx JSON `{error, error_type}`: read it like a normal answer. */
export function paypalFailure(error: unknown): { error: string; error_type?: string } {
  const body = (error as { body?: Record<string, unknown> } | null)?.body;
  if (body && typeof body.error === 'string') {
    return { error: body.error, error_type: typeof body.error_type === 'string' ? body.error_type : undefined };
  }
  throw error;
}

/**
 * Finish-order's 409 `BAG_CHANGED`: the bag changed since Revisão (another tab). `total` is what the
 * server would charge now (cents, before interest), to compare with the refreshed checkout.
 */
export function bagChangedTotal(error: unknown): number | null {
  if (statusOf(error) !== 409) return null;
  const body = (error as { body?: Record<string, unknown> } | null)?.body;
  return body?.reason === 'BAG_CHANGED' && typeof body.total === 'number' ? body.total : null;
}
