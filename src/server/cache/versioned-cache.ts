/**
 * An in-process cache of values read from a source that carries a version (the
 * registry's is the sum of its bucket versions, which every committed change to a plate
 * moves, on whichever server instance it was made: decision 025).
 * The version is read at most once per `checkMs`, one read shared by every key; a
 * new version empties the cache. So a value is never more than `checkMs` (plus a
 * read) behind the source, and an unchanged source is not read again for each key
 * each `checkMs`, as a plain time-to-live cache would. Bounded: past `maxEntries`
 * the oldest key goes. Each server instance has its own. `checkMs` 0 turns it off.
 */
export function versionedCache<Value>(options: {
  checkMs: number;
  maxEntries: number;
  readVersion: () => Promise<number>;
  now?: () => number;
}) {
  const { checkMs, maxEntries, readVersion, now = Date.now } = options;
  const entries = new Map<string, Value>();
  let version: number | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;

  const check = (): Promise<void> =>
    (checking ??= (async () => {
      const at = now();
      try {
        const latest = await readVersion();
        if (latest !== version) {
          entries.clear();
          version = latest;
        }
        checkedAt = at;
      } finally {
        checking = undefined;
      }
    })());

  return {
    async get(key: string, load: () => Promise<Value>): Promise<Value> {
      if (checkMs <= 0) return load();
      if (now() - checkedAt >= checkMs) await check();
      if (entries.has(key)) return entries.get(key) as Value;
      const readAt = version;
      const value = await load();
      // A version seen while this read was on its way may be newer than the value: keep it out.
      if (version === readAt) {
        entries.set(key, value);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    get size(): number {
      return entries.size;
    },
  };
}
