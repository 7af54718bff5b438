/**
 * End-to-end tests in real Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH)
 * against the built app served by the real server on an in-memory database.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
/**
 * CHROMIUM_PATH, else Debian's headless Chromium (package chromium-headless-shell, the same
 * Chromium without its windowing layer, which Playwright itself runs headless), else its full
 * Chromium. The same specs took 42 % less CPU time and 21 % less wall time in the headless one
 * (docs/decisions/062-a-lighter-unit-and-browser-run.md).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  // Without these Chromium tries to reach Google's services on a closed network.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Every test's browser runs without the app's service worker (`chrome` below), but for the
 * tests inside `withServiceWorker` (e2e/service-worker.ts): those that go offline or look at
 * the worker, its caches or its updates. Installing it precaches the whole app in every new
 * browser context, work that a journey which stays online checks nothing with: 2 of the
 * 3.1 CPU-seconds of a dashboard's first visit (docs/decisions/087-the-service-worker-where-a-test-needs-it.md).
 *
 * The specs below run as a project of their own, handed out after the first project's: the
 * first project's journeys count the demo data as seeded, and these move it. (They were the
 * specs that never went offline, run without the worker when the rest had it.)
 * `administration` stays with the first: its stock filter counts one Critical allocation,
 * which holds only before the shops' journeys move stock.
 */
const LATER = [
  'accessibility',
  'accounts',
  'chosen-number',
  'claim-amounts',
  'collection-delivery',
  'collection-seen',
  'dialog-restyle',
  'early-input',
  'early-listing-dialog',
  'every-route-axe',
  'fleet-import',
  'hosted-card',
  'long-lists',
  'marketplace-first-view',
  'marketplace-where-the-buyer-is',
  'navigation',
  'order-journey',
  'order-references',
  'partner-api',
  'password-reset',
  'refunds',
  'roadside-verdict',
  'routes',
  'shop-order-references',
  'signing-keys',
  'transfers-renewals',
  'traps-payments',
  'traps-records',
  'traps-verdict',
  'ussd',
].map((name) => `**/${name}.spec.ts`);
const INTEGRITY = '**/registry-integrity.spec.ts';
/**
 * It approves a new plate maker, who then has the least work and so is given the next
 * approved application's order: journeys that need the demo shop to receive an order (the
 * plate's lifecycle, transfers, the shop's records) must have finished first.
 */
const NEW_SHOP = '**/user-management.spec.ts';
/** E2E_WORKERS as Playwright takes it: a number ("2"), a share of the cores ("50%"), or one per core. */
function workersFrom(value: string | undefined): number | string {
  if (!value) return availableParallelism();
  return /^\d+$/.test(value) ? Number(value) : value;
}
const chrome = { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block' as const };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  // One worker per core (two on CI's runner), here as on CI; E2E_WORKERS (a number or a
  // percentage of the cores) or --workers sets another.
  workers: workersFrom(process.env.E2E_WORKERS),
  retries: process.env.CI ? 1 : 0,
  // CI runs two workers on two cores beside the server: multi-actor flows need the headroom.
  // On a slow runner (2026-11-27: its cold pages ready 15 s after navigation) journeys that
  // take 45–50 s on a quiet one ran past 60 s, retries included; a test that passes is not slowed.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace (a screenshot and DOM snapshot at every step) cost a fifth of the
    // suite's CPU time in tests that pass. With retries (CI) a failing test's retry records
    // one; without, every test records and keeps it only if it fails.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: chrome, testIgnore: [...LATER, INTEGRITY, NEW_SHOP] },
    { name: 'later', use: chrome, testMatch: LATER },
    // It suspends the demo shop for a moment, so it runs once every other journey has finished.
    { name: 'integrity', use: chrome, testMatch: INTEGRITY, dependencies: ['chromium', 'later'] },
    { name: 'new-shop', use: chrome, testMatch: NEW_SHOP, dependencies: ['chromium', 'later'] },
  ],
  webServer: {
    command: 'npx tsx src/server/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Journeys sign in from one address many times a minute: the per-address limit is off (tested in tests/server/hardening.test.ts).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DEMO_REGISTRY_PLATES: '5000',
      AUTH_RATE_LIMIT: '0',
      // Decisions can be undone for 6 s instead of 2 minutes, so journeys see refunds and messages soon after.
      DECISION_UNDO_SECONDS: '6',
    },
  },
});
