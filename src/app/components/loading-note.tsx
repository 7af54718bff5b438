/**
 * Said where a page or a section waits for what it shows: a spinner and what is coming,
 * in a status region so that a screen reader hears it once.
 */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The room it takes: a whole page's list, a section's, or a line inside a small section. */
const SPACE = { page: '16', section: '10', line: '6' } as const;

export function LoadingNote({ children, space = 'section' }: { children: ReactNode; space?: keyof typeof SPACE }) {
  return (
    <Flex justify="center" align="center" gap="3" py={SPACE[space]} role="status">
      <Spinner color="brand.600" />
      <Text color="fg.muted">{children}</Text>
    </Flex>
  );
}
