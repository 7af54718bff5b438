/**
 * Composes the providers; nothing else lives here. The browser passes the router,
 * the prerenderer a static one: the tree around it is the same, so React's ids
 * match when a prerendered page is hydrated.
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ToasterHost } from './components/toast';
import { appSystem } from './theme/system';

let whenRead: SystemContext | undefined;
/**
 * The design system for a page that already carries its global styles (reset, tokens, base,
 * and the cascade layers' order), made the first time a Chakra element reads it. A page whose
 * first view is styled at build time (decision 039) then starts without making it at all.
 * Chakra's provider reads only `_config.disableLayers` and `_global` itself: the layers are
 * declared by the page, and the global styles are not written again (Chakra's provider would
 * serialise all of them, ~30 KiB of CSS, only to find them in the page).
 */
function systemWhenRead(): SystemContext {
  if (whenRead) return whenRead;
  const layersDeclared = new Proxy(
    {},
    { get: (_target, key) => (key === 'disableLayers' ? true : Reflect.get(appSystem()._config, key)) },
  );
  return (whenRead = new Proxy({} as SystemContext, {
    get: (_target, key) =>
      key === '_global' ? [] : key === '_config' ? layersDeclared : Reflect.get(appSystem(), key),
    has: (_target, key) => Reflect.has(appSystem(), key),
  }));
}

/**
 * `pageHasGlobalStyles`: the document already holds the system's global styles (a
 * prerendered page, decision 016).
 */
export function AppProviders({
  children,
  pageHasGlobalStyles = false,
}: {
  children: ReactNode;
  pageHasGlobalStyles?: boolean;
}) {
  return (
    <ChakraProvider value={pageHasGlobalStyles ? systemWhenRead() : appSystem()}>
      {children}
      <ToasterHost />
    </ChakraProvider>
  );
}
