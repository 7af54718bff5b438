/** Composes the providers and the router; nothing else lives here. */
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from './components/toaster';
import { router } from './routes';
import { system } from './theme/system';

export function App() {
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <Toaster />
    </ChakraProvider>
  );
}
