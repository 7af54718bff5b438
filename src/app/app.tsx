/**
 * Composes the providers; nothing else lives here. The browser passes the router,
 * the prerenderer a static one: the tree around it is the same, so React's ids
 * match when a prerendered page is hydrated.
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ToasterHost } from './components/toast';
import { appSystem } from './theme/system';

let withoutGlobals: SystemContext | undefined;
// The same system without its global styles (reset, tokens, base), for a page that
// already carries them: Chakra's provider would otherwise serialise all of them again
// (~30 KiB of CSS) only to find them in the page. Copied by descriptor, not spread:
// in the browser build `_global` is made when read (decision 033), and a spread would read it.
function systemWithoutGlobals(): SystemContext {
  return (withoutGlobals ??= Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(appSystem()), _global: { value: [], enumerable: true } }) as SystemContext);
}

/**
 * `pageHasGlobalStyles`: the document already holds the system's global styles (a
 * prerendered page, decision 016).
 */
export function AppProviders({ children, pageHasGlobalStyles = false }: { children: ReactNode; pageHasGlobalStyles?: boolean }) {
  return (
    <ChakraProvider value={pageHasGlobalStyles ? systemWithoutGlobals() : appSystem()}>
      {children}
      <ToasterHost />
    </ChakraProvider>
  );
}
