/**
 * Toasts on demand: the toast machinery (about 8 KiB gzipped) loads the first time
 * a toast is shown, not with every page.
 */
import type { ToastOptions as ChakraToastOptions } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';

type ToastOptions = ChakraToastOptions;


const LazyToaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

let isNeeded = false;
const listeners = new Set<() => void>();

export function showToast(options: ToastOptions): void {
  if (!isNeeded) {
    isNeeded = true;
    for (const listener of listeners) listener();
  }
  void import('./toaster').then((module) => module.toaster.create(options));
}

export function ToasterHost() {
  const needed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isNeeded,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

