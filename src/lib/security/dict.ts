/**
 * Lookup tables without a prototype: `table[key]` and `key in table` see only the entries given, so a key from
 * input such as 'constructor', '__proto__' or 'toString' is simply absent (an object literal would answer
 * Object.prototype's member). The lint rule `local/no-proto-dictionary` asks for these (ADR 0012).
 */
export function dict<T extends object>(entries: T): T {
  return Object.assign(Object.create(null) as T, entries);
}

/** An empty, writable dictionary without a prototype (filled by computed keys). */
export function emptyDict<V>(): Record<string, V> {
  return Object.create(null) as Record<string, V>;
}
