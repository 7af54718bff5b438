/**
 * The app's last stage of start (start.tsx): renders it into the page. Public pages
 * arrive prerendered (see src/app/prerender): those are hydrated, so the first paint
 * needs no JavaScript; other paths render from scratch.
 */
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { AppProviders } from './app';
import { nextTask } from './components/when-idle';
import { registerServiceWorker } from './pwa/register-service-worker';
import { AppRoutes, loadPagesForPath } from './routes';
import { AppRouter } from './routing/app-router';
import { requestPersistentStorage } from './store/persistence';
import { startSyncLazily } from './sync/start-sync-lazily';
import { createStyleCache } from './theme/style-cache';
import { outboxMayHaveChanges } from './sync/sync-status';
import type * as ReactClient from './react-client';

/** Made by start.tsx in a task of its own, before mount: the largest single piece of the start. */
export { appSystem } from './theme/system';

export async function mount({ createRoot, hydrateRoot }: typeof ReactClient): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // A prerendered page was rendered for its bare path; with a query string
  // (e.g. ?plate=…) the page differs, so it is rendered afresh instead.
  const isPrerendered = container.dataset.prerendered === window.location.pathname && window.location.search === '';
  // A page whose code cannot be fetched renders its error in place (RouteErrorBoundary).
  await loadPagesForPath(window.location.pathname).catch(() => undefined);
  await nextTask();
  const app = (
    <StrictMode>
      <CacheProvider value={createStyleCache()}>
        <AppProviders pageHasGlobalStyles={document.querySelector('style[data-emotion^="css-global "]') !== null}>
          <AppRouter loadPagesFor={loadPagesForPath}>
            <AppRoutes />
          </AppRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
  // As a transition, React hydrates in small slices and yields to input in between,
  // instead of one long task: the prerendered page is already visible meanwhile.
  if (isPrerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  registerServiceWorker();
  void requestPersistentStorage();
  // The local database and sync engine load on demand: now if this device holds
  // unconfirmed changes, otherwise when a screen that uses the store opens.
  if (outboxMayHaveChanges()) startSyncLazily();
}
