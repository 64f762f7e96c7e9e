import { ProviderError, type FetchLike, type LiveProviderName } from './live-provider';

export interface HttpClient {
  provider: LiveProviderName;
  baseUrl: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface JsonReply {
  status: number;
  body: unknown;
}

/**
 * One call to a provider: JSON in and out, bounded by the timeout. A timeout or network failure is a
 * ProviderError with status 0; HTTP errors are returned to the caller, which knows what they mean.
 * Nothing here logs bodies (they may hold card data).
 */
export async function callJson(
  http: HttpClient,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown; form?: Record<string, string> } = {},
): Promise<JsonReply> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  let body: string | undefined;
  if (init.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  }
  const request = new Request(http.baseUrl + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(http.timeoutMs),
  });
  let response: Response;
  try {
    response = await http.fetch(request);
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(http.provider, timeout ? 'timeout' : 'network failure', 0);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProviderError(http.provider, `non-JSON answer (HTTP ${response.status})`, response.status);
    }
  }
  return { status: response.status, body: parsed };
}

/** A 2xx body, else a ProviderError naming the status (404: the provider does not know it). */
export function expectOk(provider: LiveProviderName, reply: JsonReply, what: string): Record<string, unknown> {
  if (reply.status >= 200 && reply.status < 300 && reply.body && typeof reply.body === 'object')
    return reply.body as Record<string, unknown>;
  throw new ProviderError(provider, `${what}: HTTP ${reply.status}`, reply.status, reply.status === 404);
}
