/**
 * Forms report here while they hold input that is not yet saved, so that nothing
 * (an update, a sign-out) throws that input away without asking.
 */
import { useEffect, useSyncExternalStore } from 'react';

const dirty = new Set<symbol>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function hasUnsavedWork(): boolean {
  return dirty.size > 0;
}

/** Marks the calling form as holding unsaved input while isDirty is true. */
export function useUnsavedWork(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const token = Symbol('unsaved');
    dirty.add(token);
    notify();
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      dirty.delete(token);
      window.removeEventListener('beforeunload', warn);
      notify();
    };
  }, [isDirty]);
}

export function useHasUnsavedWork(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    hasUnsavedWork,
    hasUnsavedWork,
  );
}
