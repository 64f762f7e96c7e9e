import { computed, signal, type ReadonlySignal } from '@preact/signals-core';

export interface SessionUser {
  id: number;
  name: string;
  cpf?: string;
}

export interface SessionState {
  user: SessionUser | null;
}

export interface SessionStore {
  readonly user: ReadonlySignal<SessionUser | null>;
  readonly loggedIn: ReadonlySignal<boolean>;
  readonly firstName: ReadonlySignal<string | null>;
  setUser(user: SessionUser | null): void;
  clear(): void;
}

export function createSessionStore(initial: SessionState): SessionStore {
  const user = signal<SessionUser | null>(initial.user);
  return {
    user,
    loggedIn: computed(() => user.value !== null),
    firstName: computed(() => user.value?.name.trim().split(/\s+/)[0] ?? null),
    setUser: (next) => {
      user.value = next;
    },
    clear: () => {
      user.value = null;
    },
  };
}
