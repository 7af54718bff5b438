/**
 * Entry point, kept tiny. A public page arrives prerendered and styled: the browser
 * paints it first, and only then are the app's scripts fetched and evaluated
 * (start.tsx) and the page hydrated. Left to the browser, scripts announced in the
 * head would share a slow line with the rest of the HTML, and once fetched would run
 * before the first paint and hold it back by the app's whole start-up.
 */
import { captureEarlyInput } from './routing/early-input';
import { sendEarlyVerdictRequest, type VerdictRequest } from './verdicts/verdict-request';
import { VERDICT_TEMPLATE } from './plate-check/early-verdict-slot';
import { listenForInstallOffer } from './pwa/install';
import { afterFirstPaint, nextTask, startGoesBehind } from './components/when-idle';

/** Module preloads started in one task: each costs ~0.5 ms of main thread (~2 ms on a slow phone). */
const PRELOADS_PER_TASK = 6;

/**
 * Fetches the app's scripts and the page's own, as the prerenderer lists them: the app's
 * first, so that on a slow line the start-up chunk (React, Chakra) is not kept waiting
 * behind the page's many small ones (docs/decisions/027-first-interaction.md). A page
 * lists up to ~40; started a few per task, they never make one long task of their own
 * (docs/decisions/029-start-in-short-tasks.md). They are fetched at low priority: over
 * HTTP/1.1 they fill the browser's six connections for a second or more on a slow line, and
 * a request a person is waiting on (a plate number checked before the app has started) would
 * otherwise queue behind all of them (docs/decisions/037-scripts-yield-to-a-waited-request.md).
 */
async function preloadScripts(root: HTMLElement): Promise<void> {
  const hrefs = (root.dataset.scripts ?? '').split(' ').filter(Boolean);
  for (let first = 0; first < hrefs.length; first += PRELOADS_PER_TASK) {
    if (first > 0) await nextTask();
    for (const href of hrefs.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.fetchPriority = 'low';
      link.href = href;
      document.head.append(link);
    }
  }
}

/**
 * On a page that carries the verdict's templates (/verification), an answer that arrives
 * before the app has started is drawn at once; its code is fetched only then, while the
 * request is on its way (docs/decisions/034-verdict-drawn-before-the-app.md).
 */
function drawEarlyAnswer(request: VerdictRequest | null): void {
  if (!request || !document.querySelector(`template[${VERDICT_TEMPLATE}]`)) return;
  // The officer waits on this, not on the app: its start does not go ahead of it.
  startGoesBehind(
    import('./features/verification/early-verdict').then(
      (early) => early.drawWhenAnswered(request),
      () => undefined,
    ),
  );
}

// The browser may offer installation once, early: kept for the app's Install button.
listenForInstallOffer();

const root = document.getElementById('root');
if (root?.dataset.prerendered !== undefined) {
  // The page can be typed into from now on: keep what is typed for the app (early-input.ts).
  // Where the page checks plate numbers (its form says so), one is sent to the registry at
  // once (verdict-request.ts): when Enter is pressed in that form, and when it arrived in
  // the address from the home page's Verify Plate (?plate=), which the app checks on arrival.
  // An answer that comes before the app has started is drawn at once (early-verdict.ts).
  const PLATE_CHECK = 'form[data-plate-check]';
  // A plate's View Details pressed before the app has started draws its dialog at once, where the
  // page carries it as templates (/marketplace), by code of that page's own first load (early-listing-dialog.ts).
  // The templates' attribute (LISTING_DIALOG_TEMPLATE) is spelled out: imported here as well as by
  // the drawing code, it would be one more export of this chunk and rename the others every page imports.
  captureEarlyInput(
    root,
    (field) => {
      if (field.form?.matches(PLATE_CHECK)) drawEarlyAnswer(sendEarlyVerdictRequest(field.value));
    },
    (button) =>
      document.querySelector('template[data-listing-dialog-template]') &&
      import('./features/marketplace/early-listing-dialog').then((early) => early.drawPressed(button)),
  );
  const typedPlate = new URLSearchParams(location.search).get('plate');
  if (typedPlate && location.hash.length <= 1 && root.querySelector(PLATE_CHECK))
    drawEarlyAnswer(sendEarlyVerdictRequest(typedPlate));
  // Once the prerendered page is painted, its scripts are fetched; the import after the
  // preloads are started: it would otherwise start the start-up chunk's own ~20 in one task.
  void afterFirstPaint()
    .then(() => preloadScripts(root))
    .then(() => import('./start'));
} else {
  // The empty shell (a dashboard, any path not prerendered) has nothing to paint first.
  void (root ? preloadScripts(root) : Promise.resolve()).then(() => import('./start'));
}
