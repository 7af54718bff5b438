/**
 * Entry point, kept tiny. A public page arrives prerendered and styled. Once the HTML
 * has been read (this module runs then), the app's scripts and the page's are fetched,
 * at low priority; they are evaluated (start.tsx) and the page hydrated only after the
 * first paint. Left to the browser, scripts announced in the head would share a slow
 * line with the rest of the HTML, and once fetched would run before the first paint and
 * hold it back by the app's whole start-up. Fetched only after the paint, they would
 * reach a slow phone ~0.2–0.4 s later (docs/decisions/027-first-interaction.md).
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

/**
 * Fetches the app's scripts and the page's own (listed by the prerenderer), all in one
 * round, without evaluating them. Low priority: nothing the first paint needs waits for
 * them (and Lighthouse's simulation does not count them into it).
 */
function preloadPageScripts(root: HTMLElement): void {
  for (const href of root.dataset.pageScripts?.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.fetchPriority = 'low';
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
  preloadPageScripts(root);
  void afterFirstPaint().then(() => import('./start'));
} else {
  void import('./start');
}
