/**
 * Components a screen shows only once opened (a dialog, a slide-in menu): their code, and
 * the Zag machine behind them, is not part of the screen's first load. It is fetched once
 * the page has loaded and is idle, or when one is first opened if sooner, and drawn from
 * then on.
 */
import { useEffect, useRef, useState } from 'react';
import { whenLoadedAndIdle } from './when-idle';

export interface OnDemand<Component> {
  /** The component, once loaded. */
  loaded: () => Component | undefined;
  /** Loads it (once; a failed load is tried again next time). */
  load: () => Promise<Component>;
}

/**
 * A component loaded on demand. Its code is fetched once the page that imports this has
 * loaded and gone idle, so that one opened later (offline, too) opens at once.
 */
export function onDemand<Component>(importer: () => Promise<Component>): OnDemand<Component> {
  let component: Component | undefined;
  let loading: Promise<Component> | undefined;
  const source: OnDemand<Component> = {
    loaded: () => component,
    load: () => {
      loading ??= importer().then(
        (loaded) => (component = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
  if (typeof window !== 'undefined') whenLoadedAndIdle(() => void source.load().catch(() => undefined));
  return source;
}

/**
 * The component to draw: null until it is first opened (or was loaded before). `onFailure`
 * runs when it is opened and its code cannot be fetched (offline before it was cached).
 */
export function useLoadedWhenOpen<Component>(source: OnDemand<Component>, isOpen: boolean, onFailure: () => void): Component | null {
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
