/**
 * The marketplace's first view made at build time (decision 039): each element as Chakra
 * would draw it. Read by the build only; marketplace-page.tsx and filters-panel.tsx use the
 * class names, so the page draws its frame, filters, toolbar and plates without Chakra.
 */
import {
  Box,
  Button,
  ButtonGroup,
  Card,
  Container,
  Flex,
  Heading,
  SimpleGrid,
  Spinner,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { SPECIMEN, type StaticStyles } from '../../theme/static-styles';

const viewGroup = { size: 'md', variant: 'outline', attached: true } as const;

export const marketplaceStyles = {
  // Tighter on a phone: the first plate is on the first screen (decision 058).
  page: <Container maxW="7xl" py={{ base: '4', md: '12' }} />,
  sections: <Stack gap={{ base: '4', md: '8' }} />,
  title: <Heading as="h1" size={{ base: 'xl', sm: '3xl', md: '4xl' }} />,
  lead: <Text color="fg.muted" mt="2" display={{ base: 'none', sm: 'block' }} />,
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
  columns: <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start" />,

  // The filters: beside the plates on a wide screen; on a phone shown when the Filters button opens them.
  filtersPlace: <Box w={{ base: 'full', lg: '72' }} flexShrink={0} display={{ base: 'none', lg: 'block' }} />,
  filtersPlaceOpen: <Box w={{ base: 'full', lg: '72' }} flexShrink={0} display="block" />,
  filters: <Card.Root as="aside" />,
  filtersBody: (
    <Card.Root>
      <Card.Body {...SPECIMEN} />
    </Card.Root>
  ),
  filtersStack: <Stack gap="5" />,
  filtersHeading: <Heading as="h2" size="md" />,
  clearFilters: <Button variant="outline" />,
  filtersToggle: <Button display={{ base: 'inline-flex', lg: 'none' }} variant="outline" />,

  // The toolbar, the status line and the plates.
  results: <Stack gap="4" flex="1" minW="0" w="full" />,
  toolbar: <Flex gap="3" wrap="wrap" />,
  viewGroup: <ButtonGroup {...viewGroup} />,
  // A view's button inside its attached group: solid when it is the view shown (aria-pressed).
  viewShown: (
    <ButtonGroup {...viewGroup}>
      <Button variant="solid" colorPalette="brand" {...SPECIMEN} />
    </ButtonGroup>
  ),
  viewOther: (
    <ButtonGroup {...viewGroup}>
      <Button variant="outline" colorPalette="brand" {...SPECIMEN} />
    </ButtonGroup>
  ),
  status: <Flex justify="space-between" wrap="wrap" gap="2" fontSize="sm" color="fg.muted" />,
  loading: <Flex justify="center" py="16" />,
  spinner: <Spinner color="brand.600" />,
  empty: <Box textAlign="center" py="16" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg" />,
  emptyTitle: <Text fontWeight="medium" />,
  emptyHint: <Text color="fg.muted" fontSize="sm" mt="1" />,
  grid: <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, xl: 3 }} gap="4" />,
  list: <SimpleGrid as="ul" listStyleType="none" columns={1} gap="4" />,
  more: <Flex justify="center" />,
  moreButton: <Button variant="outline" colorPalette="brand" />,
} satisfies StaticStyles;
