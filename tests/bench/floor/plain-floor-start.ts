/**
 * The plain floor page's script. As the app does (src/app/main.tsx), the prerendered page is
 * painted first; then the page's code is fetched, evaluated and hydrated.
 */
requestAnimationFrame(() =>
  setTimeout(() => void import('./plain-floor-page').then((page) => page.hydratePlainFloorPage()), 0),
);
