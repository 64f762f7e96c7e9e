import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { FavoritesResponse } from '../../src/contracts/customers';
import type { ApiAnswer } from './session';

/** The favourites' /api calls (client/gateways/session.ts in the browser). */
export interface FavoritesGateway {
  list(): Promise<ApiAnswer<FavoritesResponse>>;
  /** `sizeChosen` false: saved before a size was chosen (the item only names the colour). */
  add(productItemId: number, sizeChosen: boolean): Promise<ApiAnswer<FavoritesResponse>>;
  remove(productItemId: number): Promise<ApiAnswer<FavoritesResponse>>;
}

export interface FavoritesStore {
  /** Favorite product item ids (spec §3), mirrored in the `favorites` cookie. */
  readonly ids: ReadonlySignal<number[]>;
  readonly loaded: ReadonlySignal<boolean>;
  /** The ids the page was rendered with: what a heart shows while it hydrates (then `ids`). */
  readonly initial: readonly number[];
  /** Loads only with a session (spec §4); without one the list is cleared. */
  load(loggedIn: boolean): Promise<void>;
  /**
   * Optimistic toggle; the server's answer replaces the list, a failure rolls back. Returns the error text.
   * A list answer never undoes a toggle made after its request left (whichever answer comes last).
   * An add says whether a size was chosen (`sizeChosen` false: the favourites page then asks for one).
   */
  toggle(productItemId: number, sizeChosen: boolean): Promise<string | null>;
  clear(): void;
}

const MAX_AGE = 43_200;

function writeCookie(ids: number[]): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = ids.length
    ? `favorites=${ids.join(',')}; Path=/; Max-Age=${MAX_AGE}; SameSite=Strict${secure}`
    : `favorites=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
}

/** A save or removal made here: applied over any list the server sent that may not know it yet. */
interface Change {
  id: number;
  add: boolean;
  /** When its request left, and when its answer came (null while in flight), on the store's clock. */
  sent: number;
  answered: number | null;
}

const applyChange = (ids: number[], { id, add }: Change): number[] =>
  add ? (ids.includes(id) ? ids : [id, ...ids]) : ids.filter((other) => other !== id);

export function createFavoritesStore(initial: number[], gateway: FavoritesGateway): FavoritesStore {
  const ids = signal<number[]>(initial);
  const loaded = signal(false);
  // Answers (the list's and each change's: every one is the whole list) can come back in any order, and the
  // server may have run a change before or after a list request that overlapped it. So the newest request's
  // answer is the base, and every change still in flight or answered after that request left is applied over it.
  let clock = 0;
  let base = { ids: initial, sent: 0 };
  let changes: Change[] = [];
  const show = () => {
    const next = changes.reduce(applyChange, base.ids);
    ids.value = next;
    writeCookie(next);
  };
  const accept = (answer: number[], sent: number) => {
    // An older request's answer: a newer one's is already the base.
    if (sent < base.sent) return show();
    base = { ids: answer, sent };
    changes = changes.filter((c) => c.answered === null || c.answered > sent);
    show();
  };
  const reset = () => {
    base = { ids: [], sent: ++clock };
    changes = [];
    show();
  };
  return {
    ids,
    loaded,
    initial,
    async load(loggedIn) {
      if (!loggedIn) {
        if (ids.value.length) reset();
        return;
      }
      const sent = ++clock;
      const answer = await gateway.list();
      if (answer.ok && answer.data) accept(answer.data.ids, sent);
      loaded.value = true;
    },
    async toggle(productItemId, sizeChosen) {
      const change: Change = {
        id: productItemId,
        add: !ids.value.includes(productItemId),
        sent: ++clock,
        answered: null,
      };
      changes.push(change);
      show();
      const answer = change.add ? await gateway.add(productItemId, sizeChosen) : await gateway.remove(productItemId);
      change.answered = ++clock;
      if (answer.ok && answer.data) {
        accept(answer.data.ids, change.sent);
        return null;
      }
      // Refused: the server did not make it.
      changes = changes.filter((c) => c !== change);
      show();
      return answer.error;
    },
    clear: reset,
  };
}
