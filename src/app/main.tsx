/** Entry point: mounts the app, then starts the service worker and sync. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerServiceWorker } from './pwa/register-service-worker';
import { requestPersistentStorage } from './store/persistence';
import { startSync } from './sync/sync-engine';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
void requestPersistentStorage();
void startSync();
