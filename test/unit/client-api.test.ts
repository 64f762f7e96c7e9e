import { describe, expect, it } from 'vitest';
import {
  ABORTED_MESSAGE,
  api,
  ApiRequestError,
  NETWORK_MESSAGE,
  onUnauthorized,
  TIMEOUT_MESSAGE,
} from '../../client/api';

const json = (status: number, body: unknown) =>
  (async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

describe('client api', () => {
  it('sends JSON and answers the parsed body', async () => {
    let seen: RequestInit | undefined;
    let url = '';
    const fetchSpy = (async (input: RequestInfo | URL, init?: RequestInit) => {
      url = String(input);
      seen = init;
      return new Response(JSON.stringify({ n: 2 }), { status: 200 });
    }) as typeof fetch;
    const out = await api('/api/x', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'b', skip: null },
      fetch: fetchSpy,
    });
    expect(out).toEqual({ n: 2 });
    expect(url).toBe('/api/x?q=b');
    expect(seen?.body).toBe('{"a":1}');
    expect((seen?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws the ApiError with code, title and message', async () => {
    const error = await api('/api/cart', {
      fetch: json(409, { code: 'CONFLICT', title: 'Atenção!', error: 'O estoque desse produto esgotou!' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      title: 'Atenção!',
      message: 'O estoque desse produto esgotou!',
    });
  });

  it('words transport failures in pt-BR, keeping the HTTP client’s English words apart', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(api('/api/x', { fetch: down })).rejects.toMatchObject({
      message: NETWORK_MESSAGE,
      transport: 'Network Error',
      code: 'ERR_NETWORK',
    });

    const hang = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
    await expect(api('/api/x', { fetch: hang, timeout: 20 })).rejects.toMatchObject({
      message: TIMEOUT_MESSAGE,
      transport: 'timeout of 20ms exceeded',
    });
    const controller = new AbortController();
    const pending = api('/api/x', { fetch: hang, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: ABORTED_MESSAGE, transport: 'Request aborted' });
  });

  it('reports 401 and token-signature messages to the session, and still throws', async () => {
    const seen: string[] = [];
    const off = onUnauthorized((e) => seen.push(e.message));
    await expect(
      api('/api/me', { fetch: json(401, { code: 'UNAUTHENTICATED', error: 'Sessão expirada.' }) }),
    ).rejects.toThrow('Sessão expirada.');
    await expect(api('/api/me', { fetch: json(400, { message: 'invalid signature' }) })).rejects.toThrow(
      'invalid signature',
    );
    await expect(api('/api/me', { fetch: json(404, { code: 'NOT_FOUND', error: 'x' }) })).rejects.toThrow('x');
    off();
    await expect(api('/api/me', { fetch: json(401, { code: 'UNAUTHENTICATED', error: 'de novo' }) })).rejects.toThrow();
    expect(seen).toEqual(['Sessão expirada.', 'invalid signature']);
  });
});
