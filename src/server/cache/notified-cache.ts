/**
 * An in-process cache of values read from the database, emptied by the database's own word
 * that their source changed (a NOTIFY sent by the committing transaction: decision 072), and
 * trusted only while that word can arrive. Until `listening(true)`, and from any
 * `listening(false)` (the listening connection lost), every read goes to the source and
 * nothing is kept. A read that was on its way when a change was heard is not kept either:
 * it may hold what the change replaced. Entries older than `maxAgeMs` are read again (a
 * bound for the case no one foresaw, not what keeps the cache current). Bounded: past
 * `maxEntries` the oldest key goes. Each server instance has its own.
 *
 * Requests for one key that arrive while it is being read share that read, as they would share
 * the value once kept: a number asked for by many at once (after a change emptied the cache, or
 * a bench's connections walking the same numbers) is read once, not once per request. A request
 * after a change, or while the cache is not trusted, never shares a read begun before it.
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
  /** Reads on their way, by key, begun since the last change heard. */
  const reading = new Map<string, Promise<Value>>();
  let generation = 0;
  let isTrusted = false;

  const forget = () => {
    generation += 1;
    entries.clear();
    reading.clear();
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
      if (!isTrusted || !stillTrusted() || maxAgeMs <= 0) return load();
      const onItsWay = reading.get(key);
      if (onItsWay) return onItsWay;
      const readIn = generation;
      const keptAt = now();
      const read = load()
        .then((value) => {
          if (isTrusted && stillTrusted() && generation === readIn) {
            entries.set(key, { value, keptAt });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          }
          return value;
        })
        .finally(() => {
          if (reading.get(key) === read) reading.delete(key);
        });
      reading.set(key, read);
      return read;
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
