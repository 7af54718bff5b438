/**
 * Entry point, kept tiny. A public page arrives prerendered and styled: the browser
 * paints it first, and only then are the app's scripts fetched and evaluated
 * (start.tsx) and the page hydrated. Left to the browser, scripts announced in the
 * head would share a slow line with the rest of the HTML, and once fetched would run
 * before the first paint and hold it back by the app's whole start-up.
 */
import { captureEarlyInput } from './routing/early-input';
import { listenForInstallOffer } from './pwa/install';

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden tab paints nothing (and runs no animation frames) until shown.
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    // A frame's callback runs just before its paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Fetches the page's own scripts (listed by the prerenderer) alongside the app's, not after them. */
function preloadPageScripts(root: HTMLElement): void {
  for (const href of root.dataset.pageScripts?.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

// The browser may offer installation once, early: kept for the app's Install button.
listenForInstallOffer();

const root = document.getElementById('root');
if (root?.dataset.prerendered !== undefined) {
  // The page can be typed into from now on: keep what is typed for the app (early-input.ts).
  captureEarlyInput(root);
  void afterFirstPaint().then(() => {
    preloadPageScripts(root);
    return import('./start');
  });
} else {
  void import('./start');
}
