/**
 * The guarded batch of an exchange step (backoffice/repo.ts exchangeStep) fails on purpose: these name
 * the guard that aborted it.
 */
/** True when a batch failed on the step guard (the request was not in a status the step may leave). */
export const isStepRefused = (error: unknown) => /NOT NULL constraint failed: exchanges\.status/i.test(String(error));
/** True when the refund found nothing left to give back on the payment. */
export const isNothingToRefund = (error: unknown) =>
  /CHECK constraint failed/i.test(String(error)) && /payment_refunds|amount_cents > 0/i.test(String(error));
