// The edge cache (ADR 0018): request infrastructure the app, the security headers and the pages use.
export { cachedRouteMatcher } from './routes';
export { contentVersion, edgeCached, type Handler } from './cached';
export { edgeHit } from './hit';
export { BUILD, edgeKey, isAnonymous, type EdgeKeyParts } from './key';
export { releaseLookup } from './lookup';
export { later, servedFromCache } from './served';
export {
  EDGE_FRESH_SECONDS,
  EDGE_STALE_SECONDS,
  edgeCache,
  PRIVATE_CACHE_CONTROL,
  SHARED_CACHE_CONTROL,
  storeStreamed,
  storedAge,
  storedPage,
  storedVersion,
} from './store';
