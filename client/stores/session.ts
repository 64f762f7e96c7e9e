import { batch, computed, signal } from '@preact/signals-core';
import type { AuthResult, Me } from '../../src/contracts/customers';
import type { ApiAnswer, SessionGateway, SessionState, SessionStore, SessionUser } from './session-types';

export type { ApiAnswer, SessionGateway, SessionState, SessionStore, SessionUser } from './session-types';

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
