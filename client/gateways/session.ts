import type { AuthResult, FavoritesResponse, LoginInput, Me } from '../../src/contracts/customers';
import { api, ApiRequestError } from '../api';
import type { FavoritesGateway } from '../stores/favorites';
import type { ApiAnswer, SessionGateway } from '../stores/session';

/**
 * The customer calls' view of `client/api.ts`: an answer object instead of a throw, so forms can show
 * the pt-BR message in place. The 401 / "signature" rule lives in api.ts (`onUnauthorized`).
 */
async function answer<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? 'GET';
  try {
    const data = await api<T>(path, { method, body: method === 'GET' ? undefined : (init.body ?? {}) });
    return { ok: true, status: 200, data, error: null, code: null };
  } catch (error) {
    if (error instanceof ApiRequestError)
      return {
        ok: false,
        status: error.status,
        data: null,
        error: error.message,
        code: error.code,
        fields: error.body.fields as Record<string, string> | undefined,
      };
    throw error;
  }
}

export const sessionGateway: SessionGateway = {
  login: (input: LoginInput) => answer<AuthResult>('/api/login', { method: 'POST', body: input }),
  register: (input) => answer<AuthResult>('/api/register', { method: 'POST', body: input }),
  logout: () => answer('/api/logout', { method: 'POST' }),
  me: () => answer<Me>('/api/me'),
  // The app's `token-updated` (spec §4): its token becomes this page's HttpOnly session cookie.
  appSession: async (token) => (await answer('/api/app/session', { method: 'POST', body: { token } })).ok,
};

export const favoritesGateway: FavoritesGateway = {
  list: () => answer<FavoritesResponse>('/api/favorites?pdc=false'),
  add: (productItemId, sizeChosen) =>
    answer<FavoritesResponse>('/api/favorites', {
      method: 'POST',
      body: { product_item_id: productItemId, size_chosen: sizeChosen },
    }),
  remove: (productItemId) => answer<FavoritesResponse>(`/api/favorites/${productItemId}`, { method: 'DELETE' }),
};

/** The readable auth cookies (the HttpOnly token is the server's to clear). */
export function clearReadableSessionCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of ['user_id', 'login', 'account_temp', 'user_cpf', 'favorites']) {
    document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
  }
}
