import { api, ApiRequestError } from './api';

/**
 * The customer calls' view of `client/api.ts`: an answer object instead of a throw, so forms can show
 * the pt-BR message in place. The 401 / "signature" rule lives in api.ts (`onUnauthorized`).
 */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** pt-BR message for the shopper when !ok. */
  error: string | null;
  code: string | null;
}

export async function apiJson<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? 'GET';
  try {
    const data = await api<T>(path, { method, body: method === 'GET' ? undefined : (init.body ?? {}) });
    return { ok: true, status: 200, data, error: null, code: null };
  } catch (error) {
    if (error instanceof ApiRequestError)
      return { ok: false, status: error.status, data: null, error: error.message, code: error.code };
    throw error;
  }
}

/** The readable auth cookies (the HttpOnly token is the server's to clear). */
export function clearReadableSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of ['user_id', 'login', 'account_temp', 'user_cpf', 'favorites']) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  }
}
