import { Validator, type Schema } from '@cfworker/json-schema';

/**
 * Validates what a fake provider receives (and what it answers) against our subset of the provider's
 * OpenAPI document (test/providers/schemas/*.json, checked against the official one by
 * scripts/check-provider-schemas.mjs). Every violation is kept; the fake also refuses the request with
 * the provider's 400, so an adapter that drifts from the contract fails its flow, not just an assertion.
 */
export interface Operation {
  id: string;
  method: string;
  path: string;
  pathParams?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  /** The query string's parameters as one object (each value a string, as sent). */
  query?: unknown;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

export interface Subset {
  source: { document: string; version: string; commit: string };
  operations: Operation[];
  $defs: Record<string, unknown>;
}

export interface Matched {
  op: Operation;
  params: Record<string, string>;
}

export class Contract {
  readonly violations: string[] = [];
  readonly calls: string[] = [];
  private readonly routes: { op: Operation; regex: RegExp; names: string[] }[];

  constructor(private readonly subset: Subset) {
    this.routes = subset.operations
      .filter((op) => op.path.startsWith('/'))
      .map((op) => {
        const names: string[] = [];
        const source = op.path
          .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
          .replace(/\\?\{(\w+)\\?\}|\{(\w+)\}/g, (_m, a: string, b: string) => {
            names.push(a ?? b);
            return '([^/]+)';
          });
        return { op, regex: new RegExp(`^${source}$`), names };
      });
  }

  private validate(schema: unknown, value: unknown): string[] {
    const root = { ...(schema as object), $defs: this.subset.$defs } as Schema;
    const result = new Validator(root, '2020-12', false).validate(value);
    return result.valid ? [] : result.errors.filter((e) => e.error).map((e) => `${e.instanceLocation}: ${e.error}`);
  }

  /** The operation a request path names, or null (the fake answers 404 and records it). */
  match(method: string, path: string): Matched | null {
    for (const route of this.routes) {
      if (route.op.method !== method) continue;
      const m = route.regex.exec(path);
      if (m)
        return {
          op: route.op,
          params: Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])),
        };
    }
    return null;
  }

  /** Checks one request; returns its violations (also recorded). */
  checkRequest(matched: Matched, headers: Headers, body: unknown, query?: URLSearchParams): string[] {
    const { op, params } = matched;
    const problems: string[] = [];
    if (op.query !== undefined)
      problems.push(...this.validate(op.query, Object.fromEntries(query ?? [])).map((e) => `query ${e}`));
    for (const [name, schema] of Object.entries(op.pathParams ?? {}))
      problems.push(...this.validate(schema, params[name]).map((e) => `path {${name}} ${e}`));
    for (const [name, schema] of Object.entries(op.headers ?? {})) {
      const value = headers.get(name);
      if (value !== null) problems.push(...this.validate(schema, value).map((e) => `header ${name} ${e}`));
    }
    if (op.requestBody !== undefined) problems.push(...this.validate(op.requestBody, body).map((e) => `body ${e}`));
    this.calls.push(op.id);
    const tagged = problems.map((p) => `${op.id} request: ${p}`);
    this.violations.push(...tagged);
    return tagged;
  }

  /** Checks the fake's own answer against the documented response shape (a drifting fake fails too). */
  checkResponse(op: Operation, status: number, body: unknown): void {
    const schema = op.responses?.[String(status)];
    if (schema === undefined) {
      if (status < 400) this.violations.push(`${op.id} response: status ${status} not documented in our subset`);
      return;
    }
    this.violations.push(...this.validate(schema, body).map((e) => `${op.id} response ${status}: ${e}`));
  }

  /** Validates a document the provider sends us (a webhook body) against an operation's request schema. */
  checkOutgoing(opId: string, body: unknown): void {
    const op = this.subset.operations.find((o) => o.id === opId);
    if (!op) throw new Error(`no operation ${opId}`);
    this.violations.push(...this.validate(op.requestBody, body).map((e) => `${opId} (sent by the fake): ${e}`));
  }
}

/** Fault to inject into the next call of one operation; `refuse4xx`: the provider refuses the request (400/422). */
export type Fault = 'timeout' | 'error5xx' | 'refuse4xx';

export const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': type } });

/** A promise that settles only when the request is aborted (the adapter's timeout). */
export function hang(request: Request): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (request.signal.aborted) reject(request.signal.reason);
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
  });
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export function randomId(length: number, alphabet = ALNUM): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
