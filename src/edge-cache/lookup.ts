/**
 * What the fast path (hit.ts) found for a request it leaves to the app: the key, the stored entry (undefined for
 * none, or one already known to be of another version) and, when it read one for this request, the content
 * version. The page wrapper (cached.ts) takes it instead of reading the version and looking the cache up again.
 */
export interface EdgeLookup {
  key: Request;
  /** Whether the fast path asked the cache for this request; false: the app looks `key` up itself. */
  looked: boolean;
  stored?: Response;
  /** D1's answer (null when the read failed), whenever it comes; absent when the fast path trusted its isolate's copy. */
  version?: Promise<number | null>;
}

/** Per request (the very object the app dispatches): what its fast path found. */
const lookups = new WeakMap<Request, EdgeLookup>();

export function handOver(request: Request, lookup: EdgeLookup): void {
  lookups.set(request, lookup);
}

/** The fast path's lookup for this request, once: a second caller gets nothing. */
export function takeLookup(request: Request): EdgeLookup | undefined {
  const lookup = lookups.get(request);
  lookups.delete(request);
  return lookup;
}

/** After the app answered: a lookup nobody took lets its stored body go. */
export async function releaseLookup(request: Request): Promise<void> {
  await takeLookup(request)
    ?.stored?.body?.cancel()
    .catch(() => undefined);
}
