/**
 * Toasts on demand: the toast machinery (about 8 KiB gzipped) is not part of any page's
 * first load. It is fetched once the page is ready and idle (loaded-when-open.ts), so a
 * toast shown later appears even if the connection has dropped since, or the first time
 * a toast is shown if that comes sooner.
 */
import type { ToastOptions as ChakraToastOptions } from '@chakra-ui/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onDemand } from './loaded-when-open';

type ToastOptions = ChakraToastOptions;

const toasterModule = onDemand(() => import('./toaster'));
const LazyToaster = lazy(() => toasterModule.load().then((module) => ({ default: module.Toaster })));

let isNeeded = false;
const listeners = new Set<() => void>();

export function showToast(options: ToastOptions): void {
  if (!isNeeded) {
    isNeeded = true;
    for (const listener of listeners) listener();
  }
  void toasterModule.load().then((module) => module.toaster.create(options));
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
