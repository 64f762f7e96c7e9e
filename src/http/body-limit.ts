import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../commerce/domain-error';

/**
 * The largest request body the store reads: far above any form, API call or payment provider's webhook, far below
 * what would let one request fill memory or a database row (an outside attack pass had 12 MB accepted by POST
 * /api/cart).
 */
export const MAX_BODY_BYTES = 256 * 1024;

export const TOO_LARGE_MESSAGE = 'Os dados enviados são grandes demais. Confira e tente novamente.';

/** The catalog CSV upload (`POST /painel/importar`) only: a 5,000-variant file is about 700 KB. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
export const IMPORT_PATH = '/painel/importar';
/** A product photo's upload (`POST /painel/produtos/:id/fotos`, ADR 0032): the same 4 MB. */
export const PHOTO_PATH = /^\/painel\/produtos\/\d{1,9}\/fotos$/;

const tooLarge = () => {
  throw new DomainError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
};
const regular = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
const importUpload = bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: tooLarge });

/**
 * Every request: a body over MAX_BODY_BYTES (declared or streamed) is a 413 with a pt-BR message, read no further;
 * the catalog import's upload and a product photo's (those paths, POST) may carry up to MAX_IMPORT_BYTES.
 */
export const limitBody: MiddlewareHandler = (c, next) =>
  c.req.method === 'POST' && (c.req.path === IMPORT_PATH || PHOTO_PATH.test(c.req.path))
    ? importUpload(c, next)
    : regular(c, next);
