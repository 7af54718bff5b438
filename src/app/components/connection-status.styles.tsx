/**
 * The connection status's look, made at build time (decision 039). Read by the build only;
 * connection-status.tsx uses the class names.
 */
import { Badge, HStack, Text } from '@chakra-ui/react';
import type { StaticStyles } from '../theme/static-styles';
import { CloudIcon } from './icons';

export const connectionStatusStyles = {
  root: <HStack gap="1.5" />,
  online: <Badge colorPalette="green" variant="subtle" size="sm" gap="1" />,
  offline: <Badge colorPalette="orange" variant="subtle" size="sm" gap="1" />,
  icon: <CloudIcon boxSize="3.5" />,
  waiting: <Text fontSize="xs" color="fg.muted" hideBelow="sm" />,
  synced: <Text fontSize="xs" color="fg.muted" hideBelow="md" />,
} satisfies StaticStyles;
