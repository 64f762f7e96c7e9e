import type { ComponentType } from 'react';

/**
 * Islands whose code loads only on pages that render them (their own chunks): the server imports the
 * component directly (src/pages/lazy-island.tsx), the browser through these loaders.
 */
export const lazyIslands = {
  BagPage: () => import('./bag/bag-page').then((m) => m.BagPage as unknown as ComponentType<Record<string, unknown>>),
};
export type LazyIslandName = keyof typeof lazyIslands;
