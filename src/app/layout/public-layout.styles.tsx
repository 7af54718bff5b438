/**
 * The public pages' frame, made at build time (decision 039). Read by the build only;
 * public-layout.tsx uses the class names.
 */
import { Box, Flex, Link } from '@chakra-ui/react';
import type { StaticStyles } from '../theme/static-styles';

export const layoutStyles = {
  page: <Flex direction="column" minH="100dvh" />,
  skipLink: (
    <Link
      position="absolute"
      left="-9999px"
      _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'bg', p: '2', rounded: 'md', shadow: 'md' }}
    />
  ),
  main: <Box flex="1" outline="none" />,
} satisfies StaticStyles;
