import { computed, signal, type ReadonlySignal } from '@preact/signals-core';

export interface CartState {
  /** Number of units in the bag, for the header badge. */
  count: number;
}

export interface CartStore {
  readonly count: ReadonlySignal<number>;
  readonly empty: ReadonlySignal<boolean>;
  replace(state: CartState): void;
}

export function createCartStore(initial: CartState): CartStore {
  const count = signal(Math.max(0, Math.trunc(initial.count)));
  return {
    count,
    empty: computed(() => count.value === 0),
    replace: (state) => {
      count.value = Math.max(0, Math.trunc(state.count));
    },
  };
}
