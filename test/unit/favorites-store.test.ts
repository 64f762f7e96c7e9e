import { describe, expect, it } from 'vitest';
import { createFavoritesStore, type FavoritesGateway } from '../../client/stores/favorites';
import type { ApiAnswer } from '../../client/stores/session';
import type { FavoritesResponse } from '../../src/contracts/customers';

type Answer = ApiAnswer<FavoritesResponse>;

/** A gateway whose every call waits until the test answers it. */
function heldGateway() {
  const calls: { kind: 'list' | 'add' | 'remove'; id?: number; answer: (ids: number[] | null) => Promise<void> }[] = [];
  const hold = (kind: 'list' | 'add' | 'remove', id?: number) =>
    new Promise<Answer>((resolve) => {
      calls.push({
        kind,
        id,
        answer: async (ids) => {
          resolve(
            ids
              ? { ok: true, status: 200, data: { favorites: [], ids }, error: null, code: null }
              : { ok: false, status: 404, data: null, error: 'Produto não encontrado.', code: 'NOT_FOUND' },
          );
          // Lets the store's awaits run.
          await new Promise((r) => setTimeout(r, 0));
        },
      });
    });
  const gateway: FavoritesGateway = {
    list: () => hold('list'),
    add: (id) => hold('add', id),
    remove: (id) => hold('remove', id),
  };
  const call = (kind: string) => calls.find((c) => c.kind === kind)!;
  return { gateway, call };
}

interface Race {
  name: string;
  /** The ids the page was rendered with; the item toggled. */
  initial: number[];
  item: number;
  /** What the list answers (read before the change ran), and what the change answers (null: refused). */
  list: number[];
  change: number[] | null;
  /** What the heart shows right after the tap, and in the end. */
  optimistic: number[];
  expected: number[];
}

const races: Race[] = [
  { name: 'a save stays', initial: [], item: 7, list: [3], change: [7, 3], optimistic: [7], expected: [7, 3] },
  { name: 'a removal stays', initial: [7, 3], item: 7, list: [7, 3], change: [3], optimistic: [3], expected: [3] },
  {
    name: 'a refused save rolls back to the list',
    initial: [],
    item: 7,
    list: [3],
    change: null,
    optimistic: [7],
    expected: [3],
  },
];

describe('favorites store: a toggle made while the list is on its way', () => {
  for (const race of races) {
    for (const listLast of [true, false]) {
      it(`${race.name}, the list answering ${listLast ? 'last' : 'first'}`, async () => {
        const { gateway, call } = heldGateway();
        const store = createFavoritesStore(race.initial, gateway);
        const loading = store.load(true);
        const toggling = store.toggle(race.item, false);
        expect(store.ids.value).toEqual(race.optimistic);
        const kind = race.initial.includes(race.item) ? 'remove' : 'add';
        if (listLast) {
          await call(kind).answer(race.change);
          await call('list').answer(race.list);
        } else {
          await call('list').answer(race.list);
          if (race.change) expect(store.ids.value).toEqual(race.expected);
          await call(kind).answer(race.change);
        }
        expect(await toggling).toBe(race.change ? null : 'Produto não encontrado.');
        await loading;
        expect(store.ids.value).toEqual(race.expected);
        expect(store.loaded.value).toBe(true);
      });
    }
  }

  it('a list that left before the logout does not come back after it', async () => {
    const { gateway, call } = heldGateway();
    const store = createFavoritesStore([3], gateway);
    const loading = store.load(true);
    store.clear();
    await call('list').answer([3]);
    await loading;
    expect(store.ids.value).toEqual([]);
  });
});
