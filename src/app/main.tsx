/** Entry point: mounts the app, then starts the service worker and sync. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './pwa/register-service-worker';
import { requestPersistentStorage } from './store/persistence';
import { outboxMayHaveChanges } from './sync/sync-status';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
void requestPersistentStorage();
// The local database and sync engine load on demand: now if this device holds
// unconfirmed changes, otherwise when a screen that uses the store opens.
if (outboxMayHaveChanges()) void import('./sync/sync-engine').then((engine) => engine.startSync());
