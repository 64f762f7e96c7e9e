import type { z } from 'zod';
import type { Config } from '../env';
import { DomainError } from './domain-error';
import { COMMON_MESSAGES } from '../lib/messages/common';

export type UpstreamFetch = (request: Request) => Promise<Response>;

export interface UpstreamCall {
  method: string;
  /** Path below the upstream base URL, starting with `/` (query included). */
  path: string;
  body?: BodyInit | null;
  /** Shopper's session token (from the `token` cookie); sent as Bearer. */
  token: string | null;
  /** The incoming headers the spec forwards: content-type, referer, user-agent. */
  forward: Headers;
  /**
   * The same-origin guard already accepted this state-changing call. `Origin` names this host, not
   * the upstream, so an upstream applying the same guard (another Vitrine worker) is told through
   * `Sec-Fetch-Site` instead; otherwise every proxied POST/PUT/DELETE would be refused there.
   */
  sameOrigin?: boolean;
}

const FORWARDED = ['content-type', 'referer', 'user-agent', 'accept'] as const;

const timeoutError = () =>
  new DomainError('UPSTREAM_TIMEOUT', 'O serviço da loja demorou para responder. Tente novamente.');
const unavailableError = () => new DomainError('UPSTREAM_UNAVAILABLE', COMMON_MESSAGES.unavailable);

/**
 * One request to the upstream commerce API: Bearer token when the shopper has one, otherwise the
 * service's basic-auth credentials; a hard timeout (→ 504) and transport failure (→ 502).
 * The deadline covers the response headers; the proxy streams the body on from there.
 */
export function callUpstream(
  upstream: NonNullable<Config['upstream']>,
  doFetch: UpstreamFetch,
  call: UpstreamCall,
): Promise<Response> {
  return callUpstreamAndRead(upstream, doFetch, call, async (response) => response);
}

/**
 * As `callUpstream`, with `read` (e.g. parsing the JSON body) inside the same deadline, so an
 * upstream that sends headers and then stalls cannot hold a page past the timeout.
 */
export async function callUpstreamAndRead<T>(
  upstream: NonNullable<Config['upstream']>,
  doFetch: UpstreamFetch,
  call: UpstreamCall,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = call.forward.get(name);
    if (value) headers.set(name, value);
  }
  if (call.sameOrigin) headers.set('sec-fetch-site', 'same-origin');
  if (call.token) headers.set('authorization', `Bearer ${call.token}`);
  else if (upstream.user) {
    headers.set('authorization', `Basic ${btoa(`${upstream.user}:${upstream.password ?? ''}`)}`);
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing the deadline, not only aborting, also bounds a body stream the abort does not reach.
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeoutError());
    }, upstream.timeoutMs);
  });
  const work = (async () => {
    const response = await doFetch(
      new Request(upstream.url + call.path, {
        method: call.method,
        headers,
        body: call.body ?? null,
        signal: controller.signal,
        redirect: 'manual',
      }),
    );
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      throw unavailableError();
    }
    return read(response);
  })();
  work.catch(() => {}); // a late failure after the deadline won is already answered
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (controller.signal.aborted) throw timeoutError();
    throw unavailableError();
  } finally {
    clearTimeout(timer);
  }
}

/** One call to the upstream API whose answer is parsed with `schema` (upstream.ts `send`). */
export type UpstreamSend = <T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown) => Promise<T>;
