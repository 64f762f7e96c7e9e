import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../commerce/domain-error';

/**
 * The largest request body the store reads: far above any form, API call or payment provider's webhook, far below
 * what would let one request fill memory or a database row (an outside attack pass had 12 MB accepted by POST
 * /api/cart).
 */
export const MAX_BODY_BYTES = 256 * 1024;

export const TOO_LARGE_MESSAGE = 'Os dados enviados são grandes demais. Confira e tente novamente.';

/** Every request: a body over MAX_BODY_BYTES (declared or streamed) is a 413 with a pt-BR message, read no further. */
export const limitBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  },
});
