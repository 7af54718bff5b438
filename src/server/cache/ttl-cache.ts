/**
 * A small in-process cache of values that may be up to `ttlMs` old: the first read
 * of a key loads it, later reads within the time reuse it. Bounded: past
 * `maxEntries` the oldest key goes. Each server instance has its own.
 */
export function ttlCache<Value>(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: Value; expires: number }>();
  return {
    async get(key: string, load: () => Promise<Value>): Promise<Value> {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expires > at) return hit.value;
      const value = await load();
      if (ttlMs > 0) {
        entries.delete(key);
        entries.set(key, { value, expires: at + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    get size(): number {
      return entries.size;
    },
  };
}
