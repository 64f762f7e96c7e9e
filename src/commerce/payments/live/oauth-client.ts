import { callJson, type HttpClient, type JsonReply } from './http';
import { sharedTokenSource, TokenSource } from './token-source';

/** Bearer call with one retry on 401 (the cached token was revoked or expired early). */
export async function callWithToken(
  http: HttpClient,
  tokens: TokenSource,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<JsonReply> {
  for (let attempt = 0; ; attempt++) {
    const token = await tokens.token();
    const reply = await callJson(http, method, path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}` },
    });
    if (reply.status !== 401 || attempt > 0) return reply;
    tokens.forget();
  }
}

export interface OAuthClientConfig {
  provider: HttpClient['provider'];
  apiUrl: string;
  /** Token endpoint: a path under `apiUrl`, or a full URL (Pix PSPs publish their own). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  credentialsInForm?: boolean;
  timeoutMs: number;
  fetch: HttpClient['fetch'];
}

/** A provider API behind OAuth2 client credentials: Bearer calls with the isolate's cached token. */
export function oauthClient(config: OAuthClientConfig) {
  const http: HttpClient = {
    provider: config.provider,
    baseUrl: config.apiUrl,
    fetch: config.fetch,
    timeoutMs: config.timeoutMs,
  };
  const absolute = /^https?:\/\//.test(config.tokenUrl);
  const tokens = sharedTokenSource(
    `${config.provider}|${absolute ? config.tokenUrl : config.apiUrl + config.tokenUrl}|${config.clientId}`,
    () =>
      new TokenSource(
        absolute ? { ...http, baseUrl: '' } : http,
        config.tokenUrl,
        config.clientId,
        config.clientSecret,
        config.scope,
        config.credentialsInForm,
      ),
  );
  return (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    callWithToken(http, tokens, method, path, { body, headers });
}
