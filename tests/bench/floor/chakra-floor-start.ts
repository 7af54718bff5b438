/**
 * The chakra floor page's script. As the app does (src/app/main.tsx), the prerendered page is
 * painted first; then the page's code is fetched, evaluated and hydrated.
 */
requestAnimationFrame(() =>
  setTimeout(() => void import('./chakra-floor-page').then((page) => page.hydrateChakraFloorPage()), 0),
);
