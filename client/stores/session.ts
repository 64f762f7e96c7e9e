import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
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

const toUser = (me: Me): SessionUser => ({ id: me.id, name: me.name, cpf: me.cpf });

export function createSessionStore(initial: SessionState, gateway: SessionGateway): SessionStore {
  const user = signal<SessionUser | null>(initial.user);
  const token = signal<string | null>(null);
  const newUser = signal(false);
  const signedIn = (answer: ApiAnswer<AuthResult>) => {
    const data = answer.ok ? answer.data : undefined;
    // One change: whoever watches the user (the app bridge) sees the token with it.
    if (data)
      batch(() => {
        token.value = data.token;
        newUser.value = data.newUser;
        user.value = toUser(data.user);
      });
    return answer;
  };
  const clear = () => {
    user.value = null;
    token.value = null;
    newUser.value = false;
  };
  return {
    user,
    token,
    newUser,
    refused: initial.refused === true,
    loggedIn: computed(() => user.value !== null),
    firstName: computed(() => user.value?.name.trim().split(/\s+/)[0] ?? null),
    setUser: (next) => {
      user.value = next;
    },
    clear,
    login: async (input) => signedIn(await gateway.login(input)),
    register: async (input) => signedIn(await gateway.register(input)),
    async logout() {
      await gateway.logout();
      clear();
    },
    async refresh() {
      const answer = await gateway.me();
      if (answer.ok && answer.data) user.value = toUser(answer.data);
      else clear();
    },
    adoptAppToken: (next) => gateway.appSession(next),
  };
}
