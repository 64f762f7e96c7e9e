import manifest from '../generated/assets.json';

/** Hashed client asset URLs, written by `npm run build` (scripts/build-client.mjs). */
export const assets: { js: string; css: string } = manifest;
