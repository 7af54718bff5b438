/**
 * Components a screen shows only once opened (a dialog, a slide-in menu): their code, and
 * the Zag machine behind them, is not part of the screen's first load. It is fetched once
 * the page is ready and the browser idle, or when one is first opened if sooner, and drawn
 * from then on.
 */
import { useEffect, useRef, useState } from 'react';
import { whenReadyAndIdle } from './when-idle';

export interface OnDemand<Value> {
  /** The value (a component, a form's rules), once loaded. */
  loaded: () => Value | undefined;
  /** Loads it (once; a failed load is tried again next time). */
  load: () => Promise<Value>;
}

/** Said when something loaded on demand is needed and cannot be fetched. */
export const NOT_LOADED = 'This could not be loaded. Check your connection and try again.';

/**
 * Something a screen needs only on demand: a component (below), or a form's rules, needed
 * when it is first sent. Its code is fetched once the page that imports this is ready and
 * the browser idle, so that it is here when needed (offline, too).
 */
export function onDemand<Value>(importer: () => Promise<Value>): OnDemand<Value> {
  let value: Value | undefined;
  let loading: Promise<Value> | undefined;
  const source: OnDemand<Value> = {
    loaded: () => value,
    load: () => {
      loading ??= importer().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  if (typeof window !== 'undefined') whenReadyAndIdle(() => void source.load().catch(() => undefined));
  return source;
}

/**
 * The component to draw: null until it is first opened (or was loaded before). `onFailure`
 * runs when it is opened and its code cannot be fetched (offline before it was cached).
 */
export function useLoadedWhenOpen<Component>(
  source: OnDemand<Component>,
  isOpen: boolean,
  onFailure: () => void,
): Component | null {
  const [component, setComponent] = useState<Component | null>(() => source.loaded() ?? null);
  const failed = useRef(onFailure);
  useEffect(() => {
    failed.current = onFailure;
  });

  useEffect(() => {
    if (component !== null || !isOpen) return;
    let isCurrent = true;
    source.load().then(
      (loaded) => {
        if (isCurrent) setComponent(() => loaded);
      },
      () => {
        if (isCurrent) failed.current();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [component, isOpen, source]);

  return component;
}
