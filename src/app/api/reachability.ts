/**
 * Whether the server can be reached: the browser's word (navigator.onLine and its online and
 * offline events), corrected by what the app's own requests find. navigator.onLine says only
 * that a network is there: behind a shop's router whose line is down, or a portal that wants a
 * voucher, it stays true while every request fails (and Chromium may report true in a page a
 * service worker served while the network is off). A request that could not reach the server
 * marks it unreachable until one does; while it is, GET /api/health is asked every few seconds
 * (from 2 s, doubling to 16 s) and at once when the browser says it is online again.
 */
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;
let probeDelay = 2000;
const listeners = new Set<() => void>();

/** Whether the app should treat the server as reachable now. */
export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

/** Calls `listener` whenever isOnline() may have changed; returns what stops it. */
export function subscribeOnline(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Asks the server whether it can be reached, after `delay` ms. */
function checkAfter(delay: number): void {
  clearTimeout(probe);
  probe = setTimeout(() => {
    void fetch('/api/health', { cache: 'no-store' }).then(
      () => heard(true),
      () => heard(false),
    );
  }, delay);
}

/** A request reached the server (any answer), or could not. */
export function heard(reached: boolean): void {
  if (reached) {
    clearTimeout(probe);
    probeDelay = 2000;
  } else if (typeof navigator === 'undefined' || navigator.onLine) {
    // While the browser itself says offline nothing is asked: its `online` event starts the checks.
    checkAfter(probeDelay);
    probeDelay = Math.min(probeDelay * 2, 16_000);
  }
  if (unreachable === reached) {
    unreachable = !reached;
    for (const listener of listeners) listener();
  }
}

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    if (unreachable) checkAfter(0);
  });
