/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // We register the service worker ourselves (src/app/pwa) so that an update
      // never reloads the page while the user has unsaved or unsynced work.
      injectRegister: false,
      registerType: 'prompt',
      manifest: false, // public/manifest.webmanifest is the one manifest, served as a file
      workbox: {
        // Every route chunk is precached, so after one online visit every screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        // API calls and the API docs are never answered from the app shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Deliberately not skipWaiting/clientsClaim: the new worker waits until the user accepts the update.
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': apiTarget },
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
