/**
 * An in-process cache of values read from the database, emptied by the database's own word
 * that their source changed (a NOTIFY sent by the committing transaction: decision 072), and
 * trusted only while that word can arrive. Until `listening(true)`, and from any
 * `listening(false)` (the listening connection lost), every read goes to the source and
 * nothing is kept. A read that was on its way when a change was heard is not kept either:
 * it may hold what the change replaced. Entries older than `maxAgeMs` are read again (a
 * bound for the case no one foresaw, not what keeps the cache current). Bounded: past
 * `maxEntries` the oldest key goes. Each server instance has its own.
 */
export interface NotifiedCache<Value> {
  /** The value for `key`: kept, or read by `load` (and kept when nothing changed meanwhile). */
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  /** The kept value for `key`, if any, without reading the source. */
  peek(key: string): Value | undefined;
  /** The source changed: everything kept goes, and reads on their way are not kept. */
  changed(): void;
  /** Whether changes are being heard; when not, nothing is kept or served from memory. */
  listening(isListening: boolean): void;
  readonly size: number;
}

export function notifiedCache<Value>(options: {
  maxEntries: number;
  maxAgeMs: number;
  now?: () => number;
  /** Asked before anything is served from memory or kept: false while this instance may have missed a change (cache-members.ts). */
  isTrusted?: () => boolean;
}): NotifiedCache<Value> {
  const { maxEntries, maxAgeMs, now = Date.now, isTrusted: stillTrusted = () => true } = options;
  const entries = new Map<string, { value: Value; keptAt: number }>();
  let generation = 0;
  let isTrusted = false;

  const forget = () => {
    generation += 1;
    entries.clear();
  };

  const peek = (key: string): Value | undefined => {
    if (!isTrusted || !stillTrusted()) return undefined;
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (now() - entry.keptAt < maxAgeMs) return entry.value;
    entries.delete(key);
    return undefined;
  };

  return {
    peek,
    async get(key, load) {
      const kept = peek(key);
      if (kept !== undefined) return kept;
      const readIn = generation;
      const keptAt = now();
      const value = await load();
      if (isTrusted && stillTrusted() && generation === readIn && maxAgeMs > 0) {
        entries.set(key, { value, keptAt });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    changed: forget,
    listening(isListening) {
      forget();
      isTrusted = isListening;
    },
    get size() {
      return entries.size;
    },
  };
}
