/**
 * The public footer's look, made at build time (decision 039): each element as Chakra would
 * draw it. Read by the build only; public-footer.tsx uses the class names.
 */
import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StaticStyles } from '../theme/static-styles';

export const footerStyles = {
  root: <Box as="footer" bg="gray.900" color="gray.300" mt="auto" />,
  container: <Container maxW="7xl" py="12" />,
  columns: <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8" />,
  about: <Stack gap="3" />,
  name: <Text fontWeight="bold" fontSize="lg" color="white" />,
  summary: <Text fontSize="sm" />,
  column: <Stack as="nav" gap="0" />,
  heading: <Heading as="h2" size="sm" color="white" />,
  link: <Link fontSize="sm" color="gray.300" py="2" _hover={{ color: 'white' }} />,
  legal: (
    <Stack
      borderTopWidth="1px"
      borderColor="gray.700"
      mt="10"
      pt="6"
      gap="1"
      fontSize="sm"
      textAlign={{ base: 'left', md: 'center' }}
    />
  ),
  approval: <Text color="gray.400" />,
} satisfies StaticStyles;
