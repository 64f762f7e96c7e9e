import manifest from '../generated/assets.json';

/**
 * Hashed client asset URLs, written by `npm run build` (scripts/build-client.mjs): the entry, the React chunk the
 * page preloads without running it (the islands hydrate on the first interaction), the stylesheet.
 */
export const assets: { js: string; preload: string[]; css: string } = manifest;
