/** Pieces of work a person is waiting on, under way (see `startGoesBehind`). */
let awaitedByAPerson = 0;

/**
 * Resolves in a task of its own, after what is waiting to be handled first (input, a
 * paint): long work split by it never holds the main thread for all of it at once.
 * Where the browser has `scheduler.yield()`, the rest of the work then goes ahead of the
 * page's other queued tasks (the compiling of scripts as they arrive), so splitting it
 * does not make it finish later; elsewhere, and while a person waits on other work
 * (`startGoesBehind`), a message, which goes behind the tasks queued before it (not
 * setTimeout, which browsers may delay by 4 ms or more).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (awaitedByAPerson === 0 && typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/**
 * Until `work` settles, work split by `nextTask` (the app's start) yields behind the tasks
 * queued before it instead of going ahead of them. A verdict asked for before the app has
 * started (main.tsx) is an answer, a script and a drawing, each a task of its own; going
 * ahead of them, the whole start (a second or more of a slow phone's CPU) came between the
 * registry's answer and the officer (docs/decisions/037-scripts-yield-to-a-waited-request.md).
 */
export function startGoesBehind(work: Promise<unknown>): void {
  awaitedByAPerson += 1;
  const settled = () => {
    awaitedByAPerson -= 1;
  };
  work.then(settled, settled);
}

/** Runs work once the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 500);
  return () => clearTimeout(timer);
}

/** A page that is never marked ready (it failed before its first commit) is waited for this long. */
const READY_WAIT_MS = 15_000;

/**
 * Runs work once the page is ready for input (html[data-ready], set when the page itself
 * has hydrated or been drawn) and then the browser is idle: what a page fetches ahead for
 * later never competes with what it needs first.
 */
export function whenReadyAndIdle(work: () => void, timeout = 3000): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-ready')) {
    whenIdle(work, timeout);
    return;
  }
  const go = () => {
    observer.disconnect();
    clearTimeout(fallback);
    whenIdle(work, timeout);
  };
  const observer = new MutationObserver(() => {
    if (root.hasAttribute('data-ready')) go();
  });
  const fallback = setTimeout(go, READY_WAIT_MS);
  observer.observe(root, { attributes: true, attributeFilter: ['data-ready'] });
}

/** Runs work once the page has loaded, is ready for input, and the browser is idle. */
export function whenLoadedReadyAndIdle(work: () => void, timeout = 3000): void {
  if (document.readyState === 'complete') whenReadyAndIdle(work, timeout);
  else window.addEventListener('load', () => whenReadyAndIdle(work, timeout), { once: true });
}

/**
 * Resolves once the browser has drawn its next frame: in a task posted from that frame's
 * animation callbacks (a callback runs just before the frame's paint, a task posted from it
 * after), so it also runs after any task the page posted before that frame. What is on
 * screen first is then drawn before what comes after it is worked out. A hidden tab paints
 * nothing and runs no animation frames until shown: there it resolves at once, or when the
 * tab is shown.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(undefined);
    });
  });
}

/**
 * Resolves once the page has had its first paint: at once if it has (the browser has
 * reported its first contentful paint), else after the next frame. An entry script usually
 * runs just after that paint, the parser finishing after it; waiting a frame more would only
 * hold back what it starts.
 */
export function afterFirstPaint(): Promise<void> {
  const isPainted = performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
  return isPainted ? Promise.resolve() : afterNextPaint();
}
