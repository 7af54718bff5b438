/** Runs work once the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 500);
  return () => clearTimeout(timer);
}

/** Runs work once the page has loaded and then the browser is idle. */
export function whenLoadedAndIdle(work: () => void, timeout = 3000): void {
  if (document.readyState === 'complete') whenIdle(work, timeout);
  else window.addEventListener('load', () => whenIdle(work, timeout), { once: true });
}
