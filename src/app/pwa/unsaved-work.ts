/**
 * Forms report here while they hold input that is not yet saved, so that nothing
 * (an update, a sign-out, a reload) throws that input away without asking. Leaving the
 * page is asked about once, by one beforeunload listener that is there only while some
 * form holds input: a listener per form asked once per form (a page with two dirty
 * forms warned twice on reload), and one left behind kept asking after the input was saved.
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

const warn = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * Marks input as unsaved until the returned function is called (a second call does nothing).
 * The page asks before it is left while any input is marked, once however much is.
 */
export function holdUnsavedWork(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const token = Symbol('unsaved');
  if (dirty.size === 0) target.addEventListener('beforeunload', warn as EventListener);
  dirty.add(token);
  notify();
  return () => {
    if (!dirty.delete(token)) return;
    if (dirty.size === 0) target.removeEventListener('beforeunload', warn as EventListener);
    notify();
  };
}

/** Marks the calling form as holding unsaved input while isDirty is true. */
export function useUnsavedWork(isDirty: boolean): void {
  useEffect(() => (isDirty ? holdUnsavedWork() : undefined), [isDirty]);
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
