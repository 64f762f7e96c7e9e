import { CONNECTION_FAILED } from '../src/lib/cart/cart-messages';
import { COMMON_MESSAGES } from '../src/lib/messages/common';

/**
 * The browser's one way to call /api (docs/architecture.md): JSON in and out (the answer is trusted as the
 * server's contract: the bundle carries no zod), an ApiError body thrown as `ApiRequestError` (code, title, message),
 * transport failures in pt-BR (the HTTP client's English words of spec §8 kept in `transport`), and 401 / "signature"
 * answers reported to the session through `onUnauthorized` (the error still reaches the caller).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly title?: string,
    /** The whole error body, for fields some calls add (`cantApply`, `error_type`). */
    readonly body: Record<string, unknown> = {},
    /** Transport failures: the HTTP client's own words (spec §8: 'Network Error', …), for logs, never shown. */
    readonly transport?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export const NETWORK_ERROR = 'Network Error';
export const ABORTED = 'Request aborted';
export const timeoutMessage = (ms: number): string => `timeout of ${ms}ms exceeded`;
/**
 * What the shopper reads for those (the English 'Network Error' once reached a toast). The spec lists
 * the HTTP client's English texts (§8) as what the client reports; the UI is pt-BR, so they stay in
 * `transport` and these are the message (ADR 0017).
 */
export const NETWORK_MESSAGE = CONNECTION_FAILED;
export const ABORTED_MESSAGE = 'A solicitação foi cancelada. Tente novamente.';
export const TIMEOUT_MESSAGE = 'A loja demorou para responder. Tente novamente em instantes.';
const FALLBACK = COMMON_MESSAGES.retry;
const SIGNATURE = /signature/i;

type Listener = (error: ApiRequestError) => void;
const unauthorizedListeners = new Set<Listener>();

/** The session store registers its logout here; returns the unregister function. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds; 0 (the default, spec §9) waits for as long as the browser does. */
  timeout?: number;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
}

function url(path: string, query: ApiOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function errorFrom(status: number, body: unknown): ApiRequestError {
  // The ApiError contract ({code, error, title?}), checked by hand: the browser bundle carries no zod.
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof raw.error === 'string' && typeof raw.code === 'string') {
    return new ApiRequestError(raw.error, status, raw.code, typeof raw.title === 'string' ? raw.title : undefined, raw);
  }
  const message = typeof raw.message === 'string' ? raw.message : typeof raw.error === 'string' ? raw.error : FALLBACK;
  return new ApiRequestError(message, status, `HTTP_${status}`, undefined, raw);
}

export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const controller = new AbortController();
  let timedOut = false;
  const timer = opts.timeout ? setTimeout(() => ((timedOut = true), controller.abort()), opts.timeout) : null;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await (opts.fetch ?? fetch)(url(path, opts.query), {
      method,
      headers:
        opts.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    const [transport, message, code] = timedOut
      ? [timeoutMessage(opts.timeout!), TIMEOUT_MESSAGE, 'ECONNABORTED']
      : controller.signal.aborted
        ? [ABORTED, ABORTED_MESSAGE, 'ERR_CANCELED']
        : [NETWORK_ERROR, NETWORK_MESSAGE, 'ERR_NETWORK'];
    throw new ApiRequestError(message, 0, code, undefined, {}, transport);
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorFrom(response.status, body);
    if (response.status === 401 || SIGNATURE.test(error.message))
      for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  return body as T;
}
