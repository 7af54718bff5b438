/**
 * Reads by key asked for in the same turn of the event loop, made as one read of the source:
 * each asker gets its own key's value (undefined when the source has none), and the source is
 * asked once for all the keys of the turn, at most `maxKeys` a read. Under load a turn handles
 * every request that has arrived since the last, so the requests waiting on the database at
 * the same time cost it one statement, not one each (decision 090).
 *
 * A read starts after every request it answers was asked, never before: its value is as
 * current as a read made for that request alone. A key asked while a read is on its way goes
 * into the next read. A failed read fails each of its askers, and nothing of it is kept.
 */
export type ReadMany<Value> = (keys: readonly string[]) => Promise<ReadonlyMap<string, Value>>;

interface Asker<Value> {
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

export function batchedReads<Value>(
  readMany: ReadMany<Value>,
  { maxKeys = 100 }: { maxKeys?: number } = {},
): (key: string) => Promise<Value | undefined> {
  let asked = new Map<string, Array<Asker<Value>>>();
  let isScheduled = false;

  const read = (keys: string[], askers: Map<string, Array<Asker<Value>>>) => {
    // A source that throws at once fails its askers as one whose promise fails.
    Promise.resolve()
      .then(() => readMany(keys))
      .then(
        (found) => {
          for (const key of keys) for (const asker of askers.get(key) ?? []) asker.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of keys) for (const asker of askers.get(key) ?? []) asker.reject(error);
        },
      );
  };

  const readAll = () => {
    isScheduled = false;
    const askers = asked;
    asked = new Map();
    const keys = [...askers.keys()];
    for (let start = 0; start < keys.length; start += maxKeys) read(keys.slice(start, start + maxKeys), askers);
  };

  return (key) =>
    new Promise<Value | undefined>((resolve, reject) => {
      const askersOfKey = asked.get(key);
      if (askersOfKey) askersOfKey.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
      if (isScheduled) return;
      isScheduled = true;
      // After the turn's I/O: every request that arrived with this one has asked by then.
      setImmediate(readAll);
    });
}
