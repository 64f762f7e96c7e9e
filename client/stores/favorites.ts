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

export function createFavoritesStore(initial: number[], gateway: FavoritesGateway): FavoritesStore {
  const ids = signal<number[]>(initial);
  const loaded = signal(false);
  const replace = (next: number[]) => {
    ids.value = next;
    writeCookie(next);
  };
  return {
    ids,
    loaded,
    initial,
    async load(loggedIn) {
      if (!loggedIn) {
        if (ids.value.length) replace([]);
        return;
      }
      const answer = await gateway.list();
      if (answer.ok && answer.data) replace(answer.data.ids);
      loaded.value = true;
    },
    async toggle(productItemId, sizeChosen) {
      const before = ids.value;
      const had = before.includes(productItemId);
      ids.value = had ? before.filter((id) => id !== productItemId) : [productItemId, ...before];
      const answer = had ? await gateway.remove(productItemId) : await gateway.add(productItemId, sizeChosen);
      if (answer.ok && answer.data) {
        replace(answer.data.ids);
        return null;
      }
      ids.value = before;
      return answer.error;
    },
    clear: () => replace([]),
  };
}
