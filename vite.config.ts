/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDERED_PAGES, prerenderedFileOf } from './src/app/prerender/prerendered-pages.ts';
import { eagerCommonJsWrappers } from './src/build/eager-commonjs-wrappers.ts';
import { lazyGlobalStyles } from './src/build/lazy-global-styles.ts';
import { staticStylesInDev } from './src/build/static-styles-in-dev.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
// The prerendered pages are written after this build, so they are listed by hand;
// a new build id per build makes the service worker fetch them afresh.
const buildId = Date.now().toString(36);
const prerenderedEntries = [
  ...PRERENDERED_PAGES.filter((page) => page.path !== '/').map((page) => prerenderedFileOf(page.path)),
  'app-shell.html',
].map((file) => ({ url: `/${file}`, revision: buildId }));

/**
 * The server's and the domain's tests share one module graph per worker: they hold no state
 * in modules that another file could see (each builds its own app on its own database), and
 * they replace no module and no global. The app's tests stub globals (fetch, navigator) and
 * replace modules, and so does the one server file below: those run each in a fresh graph.
 */
const SHARED_MODULES = ['tests/server/**/*.test.ts', 'tests/domain/**/*.test.ts'];
const REPLACED_MODULES = ['tests/server/hashing-outside-transactions.test.ts'];
/** The app's tests that replace a module with vi.mock: each needs a module graph of its own. */
const APP_REPLACED_MODULES = [
  'tests/app/features/admin-dashboard/admin-dashboard-page.test.tsx',
  'tests/app/features/admin-reports/admin-reports-page.test.tsx',
  'tests/app/features/admin-settings/admin-settings-page.test.tsx',
  'tests/app/features/agent/integrity-alerts-section.test.tsx',
  'tests/app/features/agent/order-progress.test.tsx',
  'tests/app/features/certificates/certificates-page.test.tsx',
  'tests/app/features/insurance/claims-page.test.tsx',
  'tests/app/features/insurance/insurance-pages.test.tsx',
  'tests/app/sync/sync-engine.test.ts',
];
const APP_MODULES = ['tests/app/**/*.test.{ts,tsx}'];
const ISOLATED_MODULES = [
  ...APP_REPLACED_MODULES,
  'tests/project/**/*.test.ts',
  'tests/build/**/*.test.ts',
  'tests/bench/**/*.test.ts',
  ...REPLACED_MODULES,
];

export default defineConfig({
  plugins: [
    react(),
    lazyGlobalStyles(),
    staticStylesInDev(),
    eagerCommonJsWrappers(),
    VitePWA({
      // We register the service worker ourselves (src/app/pwa) so that an update
      // never reloads the page while the user has unsaved or unsynced work.
      injectRegister: false,
      registerType: 'prompt',
      manifest: false, // public/manifest.webmanifest is the one manifest, served as a file
      workbox: {
        // Every route chunk is precached, so after one online visit every screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        additionalManifestEntries: prerenderedEntries,
        // /pricing is served from the precached /pricing.html (Workbox's cleanURLs),
        // whatever its query string; other paths get the empty shell.
        ignoreURLParametersMatching: [/.*/],
        navigateFallback: '/app-shell.html',
        // API calls, the API docs and the sandbox card provider's page are never answered from the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//],
        cleanupOutdatedCaches: true,
        // Deliberately not skipWaiting/clientsClaim: the new worker waits until the user accepts the update.
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the prerenderer preloads each page's scripts from it.
    manifest: true,
    // The shell chunk carries React, the router and Chakra (~500 kB minified, ~146 KiB gzip);
    // `npm run bench` tracks what a first load really fetches.
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // The entry script's import of a plate's dialog drawing (main.tsx, decision 076) names no
      // scripts to fetch beside it: every page pays for their names in the entry script, and the
      // one page that uses it, /marketplace, has already asked for them (its own scripts).
      resolveDependencies: (filename, dependencies, { hostType }) =>
        hostType === 'js' && /early-listing-dialog-[^/]+\.js$/.test(filename) ? [] : dependencies,
    },
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  test: {
    // Every test database starts from one migrated copy made once per run.
    globalSetup: ['tests/setup/migrated-database.ts'],
    environment: 'node',
    // The gate (tests/gate/run.ts) runs these beside the end-to-end suite on CI's two cores, where
    // a test gets about half the CPU it gets alone: twice the time before a slow one counts as
    // stuck. A test that passes takes no longer for it.
    testTimeout: process.env.CI ? 40_000 : 20_000,
    hookTimeout: process.env.CI ? 60_000 : 30_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core runner, where the
    // suite spends much of its time waiting on the embedded database, scrypt and timers.
    // Two there took the suite from 7.3 to 4.9 min.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: SHARED_MODULES,
          exclude: REPLACED_MODULES,
          // One module graph per worker, not per file: the whole suite took 782 CPU-seconds with
          // every file loading the server's modules afresh, 611 with these 138 files sharing them
          // (docs/decisions/062-a-lighter-unit-and-browser-run.md).
          isolate: false,
        },
      },
      {
        // The app's tests share a graph per worker as well (decision 063); what a file stubs is
        // put back when the file is done.
        extends: true,
        test: {
          name: 'app',
          include: APP_MODULES,
          exclude: APP_REPLACED_MODULES,
          isolate: false,
          setupFiles: ['tests/setup/restore-globals-per-file.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_MODULES } },
    ],
  },
});
