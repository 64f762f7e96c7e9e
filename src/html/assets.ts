import manifest from '../generated/assets.json';

/**
 * Hashed client asset URLs, written by `npm run build` (scripts/build-client.mjs): the entry (React and the islands
 * load on the shopper's first interaction, client/main.ts) and the stylesheet.
 */
export const assets: { js: string; css: string } = manifest;
