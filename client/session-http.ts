/**
 * JSON calls to /api with the spec's global response rule (§7/§8): any 401, or a message saying the
 * token signature could not be verified, means the session is gone — the registered handler clears
 * it — and the error still passes on to the caller. (A shared `client/api.ts` can reuse these.)
 */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** pt-BR message for the shopper when !ok. */
  error: string | null;
  code: string | null;
}

const SIGNATURE = /token signature|signature (?:could not|couldn't) be verified/i;
export const NETWORK_ERROR = 'Não foi possível conectar. Verifique sua internet e tente novamente.';

export function isSessionFailure(status: number, message: string | null | undefined): boolean {
  return status === 401 || (typeof message === 'string' && SIGNATURE.test(message));
}

let onInvalid: (() => void) | null = null;

/** The session store registers here once in the browser (never on the server). */
export function setSessionInvalidHandler(handler: (() => void) | null): void {
  onInvalid = handler;
}

export async function apiJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiAnswer<T>> {
  const method = init.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        method === 'GET'
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
    });
  } catch {
    return { ok: false, status: 0, data: null, error: NETWORK_ERROR, code: 'NETWORK' };
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: string; message?: string; code?: string }) | null;
  const message = body?.error ?? null;
  if (isSessionFailure(response.status, message ?? body?.message)) onInvalid?.();
  if (response.ok) return { ok: true, status: response.status, data: body, error: null, code: null };
  return {
    ok: false,
    status: response.status,
    data: null,
    error: message ?? 'Tivemos um problema. Tente novamente.',
    code: body?.code ?? null,
  };
}

/** The readable auth cookies (the HttpOnly token is the server's to clear). */
export function clearReadableSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of ['user_id', 'login', 'account_temp', 'user_cpf', 'favorites']) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  }
}
