/**
 * Every screen reads the device's store through this hook: a Dexie live query that
 * re-renders when the rows it read change. Two things keep a long sync from
 * redrawing the screen hundreds of times:
 *
 * - a result equal to the last one (fresh objects, same data) keeps the last one's
 *   identity, so React skips the update;
 * - after an update, the next waits until `THROTTLE_MS` have passed. The first
 *   change after a quiet spell (the person's own edit) shows at once; while a
 *   first sync writes page after page, the screen follows a few times a second;
 * - an update is rendered as a transition: React draws it in slices and gives way
 *   to the person's typing and clicks, so a large screen redrawn while records
 *   arrive never holds the main thread for long.
 *
 * The querier is handed the store, which loads on demand: a screen that reads it
 * does not carry the database library in its own code, so it hydrates without
 * waiting for it and its rows follow a moment later (decision 017).
 *
 * `undefined` while the first answer is on its way, as with dexie-react-hooks.
 */
import { type DependencyList, startTransition, useEffect, useState } from 'react';
import type { NambalaDatabase } from './database';
import { loadStore } from './load-store';

const THROTTLE_MS = 300;

export function useStoreQuery<T>(
  querier: (db: NambalaDatabase) => Promise<T> | T,
  deps: DependencyList = [],
): T | undefined {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({ value: undefined, error: undefined });
  useEffect(() => {
    let lastShown = 0;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    let latest: T | undefined;
    const show = () => {
      waiting = undefined;
      lastShown = performance.now();
      const next = latest;
      startTransition(() =>
        setState((current) =>
          current.error === undefined && sameData(current.value, next) ? current : { value: next, error: undefined },
        ),
      );
    };
    let subscription: { unsubscribe(): void } | undefined;
    let stopped = false;
    const fail = (error: unknown) => {
      if (!stopped) setState({ value: undefined, error });
    };
    loadStore().then(({ db, liveQuery }) => {
      if (stopped) return;
      subscription = liveQuery(() => querier(db)).subscribe({
        next: (value) => {
          latest = value;
          if (waiting) return;
          const wait = lastShown + THROTTLE_MS - performance.now();
          if (wait <= 0) show();
          else waiting = setTimeout(show, wait);
        },
        error: fail,
      });
    }, fail);
    return () => {
      stopped = true;
      subscription?.unsubscribe();
      if (waiting) clearTimeout(waiting);
    };
    // The caller's deps decide when the query is a different one (as with useEffect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (state.error !== undefined) throw state.error;
  return state.value;
}

/** Structural equality for what the store holds: plain objects, arrays and primitives. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  if (a instanceof Map || b instanceof Map || a instanceof Set || b instanceof Set) {
    if (a instanceof Map && b instanceof Map)
      return a.size === b.size && [...a].every(([key, value]) => b.has(key) && sameData(value, b.get(key)));
    if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((value) => b.has(value));
    return false;
  }
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  for (const key of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
