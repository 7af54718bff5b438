/**
 * Which journeys run with the app's service worker.
 *
 * Installing it precaches the whole app (about 310 files, 5 MB) in every new browser context:
 * measured alone, a signed-in dashboard's first visit took 3.1 CPU-seconds of Chromium and 0.55
 * of the server with it, 1.1 and 0.27 without. A journey that never goes offline and never looks
 * at the worker checks nothing more for that work, so every test runs without it (the config's
 * `serviceWorkers: 'block'`), and a test that goes offline or reads the worker, its caches or
 * its updates runs as a person's installed app does: inside `withServiceWorker`.
 * tests/project/e2e-service-worker.test.ts finds any test that needs it and is not inside.
 */
import { test } from '@playwright/test';

/**
 * Declares `tests` (calls of `test`) to run in browsers with the app's service worker, as an
 * installed app has it; the report names them "with the service worker".
 */
export function withServiceWorker(tests: () => void): void {
  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    tests();
  });
}
