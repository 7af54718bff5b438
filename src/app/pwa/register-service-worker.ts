/**
 * Registers the service worker. A new version waits (no skipWaiting) until the
 * user accepts the update prompt, so the app never reloads under someone's feet.
 *
 * Registration (and workbox-window with it) waits until the page has loaded, is ready
 * for input, and the browser is idle: the worker's install fetches every route's code,
 * which must not compete with the page's own first load.
 */
import { whenLoadedReadyAndIdle } from '../components/when-idle';

type Listener = () => void;
let updateReady = false;
let applyUpdate: ((reload?: boolean) => Promise<void>) | undefined;
const listeners = new Set<Listener>();

export function isUpdateReady(): boolean {
  return updateReady;
}

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function installUpdate(): Promise<void> {
  return applyUpdate ? applyUpdate(true) : Promise.resolve();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  whenLoadedReadyAndIdle(() => void register());
}

async function register(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh() {
      updateReady = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open.
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
    },
  });
}
