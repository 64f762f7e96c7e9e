import { callJson, expectOk, type HttpClient } from './http';
import { ProviderError } from './live-provider';

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
