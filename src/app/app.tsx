/**
 * Composes the providers; nothing else lives here. The browser passes the router,
 * the prerenderer a static one: the tree around it is the same, so React's ids
 * match when a prerendered page is hydrated.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { ToasterHost } from './components/toast';
import { system } from './theme/system';

/** Marks the document once the app has hydrated or rendered, so forms accept submits (index.html). */
function MarkReady() {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', '');
  }, []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <ToasterHost />
      <MarkReady />
    </ChakraProvider>
  );
}
