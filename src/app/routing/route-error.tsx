/** Shown instead of a blank screen when a page fails to load or throws. */
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { markAppReady } from './early-input';
import { paths } from '../config/paths';

export function RouteError({ error }: { error: unknown }) {
  // No page will say the app is ready: this screen does.
  useEffect(markAppReady, []);
  const isChunkFailure =
    error instanceof Error &&
    /dynamically imported module|Failed to fetch|Importing a module script failed/i.test(error.message);
  const message = isChunkFailure
    ? 'This page could not be loaded. Check your connection and try again.'
    : 'Something went wrong while showing this page.';
  return (
    <Container maxW="xl" py="20" role="alert">
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          Sorry, this page could not be shown
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Stack direction="row" gap="3">
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.home}>Go home</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
