import type { ReadonlySignal } from '@preact/signals-core';
import type { AuthResult, LoginInput, Me } from '../../src/contracts/customers';

/** A customer call's outcome as an answer, not a throw: forms show the pt-BR `error` in place. */
export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** pt-BR message for the shopper when !ok (register adds each invalid field's own, in `fields`). */
  error: string | null;
  fields?: Record<string, string>;
  code: string | null;
}

/** The session's /api calls (client/gateways/session.ts in the browser, fakes in unit tests). */
export interface SessionGateway {
  login(input: LoginInput): Promise<ApiAnswer<AuthResult>>;
  register(input: unknown): Promise<ApiAnswer<AuthResult>>;
  logout(): Promise<ApiAnswer<unknown>>;
  me(): Promise<ApiAnswer<Me>>;
  /** POST /api/app/session: true when the server took the app's token (or its removal). */
  appSession(token: string | null): Promise<boolean>;
}

export interface SessionUser {
  id: number;
  name: string;
  cpf?: string;
}

export interface SessionState {
  user: SessionUser | null;
  /** The server had a token for this page but `me` failed with it (spec §4: the app is told there is no user). */
  refused?: boolean;
}

export interface SessionStore {
  readonly user: ReadonlySignal<SessionUser | null>;
  readonly loggedIn: ReadonlySignal<boolean>;
  readonly firstName: ReadonlySignal<string | null>;
  /** The session token of the last login in this page (spec §3 auth state; memory only, for the app). */
  readonly token: ReadonlySignal<string | null>;
  readonly newUser: ReadonlySignal<boolean>;
  /** This page was rendered for a token the server refused (SessionState.refused). */
  readonly refused: boolean;
  setUser(user: SessionUser | null): void;
  clear(): void;
  login(input: LoginInput): Promise<ApiAnswer<AuthResult>>;
  register(input: unknown): Promise<ApiAnswer<AuthResult>>;
  logout(): Promise<void>;
  /** GET /api/me; any failure leaves an empty user (spec §4). */
  refresh(): Promise<void>;
  /** The app's `token-updated` (spec §4): its token (or null) becomes the page's session cookie; true when done. */
  adoptAppToken(token: string | null): Promise<boolean>;
}
