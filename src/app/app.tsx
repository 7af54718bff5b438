/** Composes the providers and the router; nothing else lives here. */
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from 'react-router-dom';
import { ToasterHost } from './components/toast';
import { router } from './routes';
import { system } from './theme/system';

export function App() {
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <ToasterHost />
    </ChakraProvider>
  );
}
