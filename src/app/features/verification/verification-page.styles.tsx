/**
 * The verification page's first view, made at build time (decision 039): each element as
 * Chakra would draw it. Read by the build only; the page's modules use the class names.
 */
import { Box, Card, chakra, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { SearchIcon, ShieldIcon } from '../../components/icons';
import { Tabs } from '../../components/tabs';
import { SPECIMEN, type StaticStyles } from '../../theme/static-styles';

const tabs = { variant: 'enclosed', size: { base: 'sm', sm: 'md' }, fitted: true } as const;

export const verificationStyles = {
  container: <Container maxW="5xl" py={{ base: '8', md: '12' }} />,
  stack: <Stack gap="10" />,
  intro: <Box textAlign="center" />,
  title: <Heading as="h1" size={{ base: '3xl', md: '4xl' }} />,
  lead: <Text color="fg.muted" mt="2" />,
  columns: <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" />,
  card: <Card.Root />,
  cardBody: (
    <Card.Root>
      <Card.Body {...SPECIMEN} />
    </Card.Root>
  ),
  tabs: <Tabs.Root {...tabs}>{null}</Tabs.Root>,
  tabList: (
    <Tabs.Root {...tabs}>
      <Tabs.List {...SPECIMEN} />
    </Tabs.Root>
  ),
  tab: (
    <Tabs.Root {...tabs}>
      <Tabs.Trigger value="specimen" whiteSpace="nowrap" {...SPECIMEN} />
    </Tabs.Root>
  ),
  tabPanel: (
    <Tabs.Root {...tabs}>
      <Tabs.Content value="specimen" {...SPECIMEN} />
    </Tabs.Root>
  ),
  tabIcon: <SearchIcon boxSize="4" />,
  resultHeading: <Heading as="h2" size="md" mb="4" />,
  earlyVerdictSlot: <chakra.div css={{ '&:not(:empty) + *': { display: 'none' } }} />,
  muted: <Text color="fg.muted" />,
  whyHeading: <Heading as="h2" size={{ base: 'xl', md: '2xl' }} textAlign="center" mb="6" />,
  reasons: <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" />,
  reasonBody: (
    <Card.Root>
      <Card.Body gap="2" {...SPECIMEN} />
    </Card.Root>
  ),
  reasonIcon: <ShieldIcon boxSize="6" color="brand.600" />,
  reasonTitle: <Heading as="h3" size="md" />,
} satisfies StaticStyles;
