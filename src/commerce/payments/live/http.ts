import { ProviderError, type FetchLike, type LiveProviderName } from './types';

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

interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * OAuth2 client credentials (RFC 6749 §4.4) with the token cached until shortly before it expires.
 * The cache is per isolate and per (token URL, client id); a 401 from the API drops it (`forget`).
 */
export class TokenSource {
  private cached: CachedToken | null = null;
  private inflight: Promise<string> | null = null;

  constructor(
    private readonly http: HttpClient,
    private readonly tokenPath: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly scope?: string,
    /** Some providers (Banco Inter) take the client credentials in the form instead of Basic auth. */
    private readonly credentialsInForm = false,
    private readonly clock: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    if (this.cached && this.cached.expiresAt > this.clock()) return this.cached.value;
    this.inflight ??= this.fetchToken().finally(() => (this.inflight = null));
    return this.inflight;
  }

  forget(): void {
    this.cached = null;
  }

  private async fetchToken(): Promise<string> {
    const form: Record<string, string> = { grant_type: 'client_credentials' };
    if (this.scope) form.scope = this.scope;
    if (this.credentialsInForm) Object.assign(form, { client_id: this.clientId, client_secret: this.clientSecret });
    const reply = await callJson(this.http, 'POST', this.tokenPath, {
      headers: this.credentialsInForm
        ? {}
        : { authorization: `Basic ${btoa(`${this.clientId}:${this.clientSecret}`)}` },
      form,
    });
    const body = expectOk(this.http.provider, reply, 'token');
    const value = body.access_token;
    const ttl = Number(body.expires_in);
    if (typeof value !== 'string' || !value)
      throw new ProviderError(this.http.provider, 'token: no access_token', reply.status);
    // Renew a minute early (or at half-life for short tokens) so a call never carries an expiring token.
    const seconds = Number.isFinite(ttl) && ttl > 0 ? ttl : 300;
    this.cached = { value, expiresAt: this.clock() + Math.max(seconds - 60, seconds / 2) * 1000 };
    return value;
  }
}

const sources = new Map<string, TokenSource>();

/** Tests: forget every cached token (each test's fake provider issues its own). */
export function clearTokenSources(): void {
  sources.clear();
}

/** One token source per provider/base URL/client in this isolate, so the token outlives a request. */
export function sharedTokenSource(key: string, make: () => TokenSource): TokenSource {
  let source = sources.get(key);
  if (!source) sources.set(key, (source = make()));
  return source;
}

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
