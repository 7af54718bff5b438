/**
 * Composes the providers; nothing else lives here. The browser passes the router,
 * the prerenderer a static one: the tree around it is the same, so React's ids
 * match when a prerendered page is hydrated.
 */
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ToasterHost } from './components/toast';
import { system } from './theme/system';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <ToasterHost />
    </ChakraProvider>
  );
}
