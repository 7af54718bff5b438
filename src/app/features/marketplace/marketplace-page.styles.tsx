/**
 * Parts of the marketplace's first view made at build time (decision 039): each element as
 * Chakra would draw it. Read by the build only; marketplace-page.tsx uses the class names.
 */
import { Card, SimpleGrid, Stat } from '@chakra-ui/react';
import { SPECIMEN, type StaticStyles } from '../../theme/static-styles';

export const marketplaceStyles = {
  // Tighter on a phone, so the first plate is on the first screen (decision 058).
  stats: <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }} />,
  statCard: <Card.Root size="sm" />,
  statBody: (
    <Card.Root size="sm">
      <Card.Body p={{ base: '3', md: '4' }} {...SPECIMEN} />
    </Card.Root>
  ),
  stat: <Stat.Root />,
  statLabel: (
    <Stat.Root>
      <Stat.Label {...SPECIMEN} />
    </Stat.Root>
  ),
  statValue: (
    <Stat.Root>
      <Stat.ValueText fontSize={{ base: 'lg', sm: 'xl', lg: '2xl' }} whiteSpace="nowrap" {...SPECIMEN} />
    </Stat.Root>
  ),
  grid: <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, xl: 3 }} gap="4" />,
  list: <SimpleGrid as="ul" listStyleType="none" columns={1} gap="4" />,
} satisfies StaticStyles;
