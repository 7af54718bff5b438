import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Container maxW="xl" py={{ base: '16', md: '24' }}>
      <Stack gap="4" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.600" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          Oops! Page not found.
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home}>Return to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
