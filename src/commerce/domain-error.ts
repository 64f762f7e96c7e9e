/** Stable error codes; `http/errors.ts` maps each to an HTTP status exactly once. */
export type DomainErrorCode =
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN_ORIGIN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_INVALID'
  | 'LOGIN_REQUIRED'
  | 'RATE_LIMITED'
  | 'PAYMENT_DECLINED'
  | 'PAYPAL_FAILED'
  | 'FORBIDDEN';

/** A business failure with a pt-BR message fit to show a shopper (spec §8 catalogue where it has one). */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly title?: string,
    /** Extra fields of the error body (e.g. a restricted coupon's `cantApply`). */
    readonly extra?: Record<string, unknown>,
    /** A refusal that lifts with time (429): seconds until it does, sent as `Retry-After`. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A record that must exist: the read's answer, or NOT_FOUND with `message` (the domain's pt-BR text) when there is none. */
export async function found<T>(read: Promise<T | null | undefined>, message: string): Promise<T> {
  const record = await read;
  if (record === null || record === undefined) throw new DomainError('NOT_FOUND', message);
  return record;
}
