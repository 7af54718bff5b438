/** React's DOM renderer, the first stage of the app's start (start.tsx): its own task. */
export { createRoot, hydrateRoot } from 'react-dom/client';
