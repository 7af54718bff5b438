/**
 * The verdict panel, made at build time (decision 039): each element as Chakra would draw
 * it, for each of the panel's tones. Read by the build only; verdict-panel.tsx uses the
 * class names, so a verdict, the roadside's main answer, is drawn without making a style.
 */
import { Badge, Box, chakra, Circle, DataList, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CheckIcon, ClockIcon } from '../components/icons';
import { SPECIMEN, type StaticStyles } from '../theme/static-styles';

/** Below a sticky header, a verdict scrolled to the top would hide under it. */
const SCROLL_MARGIN = '24';

/** The colours of the panel's tones (presentation.ts's verdictTone, by palette). */
export type VerdictPalette = 'green' | 'red' | 'yellow';

function mark(palette: VerdictPalette) {
  return <Circle size="12" bg={`${palette}.subtle`} color={`${palette}.fg`} flexShrink={0} />;
}

function heading(palette: VerdictPalette) {
  return <Heading as="h3" size="lg" color={`${palette}.fg`} outline="none" />;
}

function badge(palette: VerdictPalette) {
  return <Badge ms="auto" colorPalette={palette} size="lg" />;
}

function dataList(specimen: ReactElement) {
  return (
    <DataList.Root orientation="horizontal" size="sm">
      <DataList.Item>{specimen}</DataList.Item>
    </DataList.Root>
  );
}

export const verdictStyles = {
  /** The note where a verdict will show, and while one is checked. */
  muted: <Text color="fg.muted" />,
  panel: <Stack gap="4" scrollMarginTop={SCROLL_MARGIN} />,
  headline: <HStack gap="3" align="center" flexWrap="wrap" />,
  markGreen: mark('green'),
  markRed: mark('red'),
  markYellow: mark('yellow'),
  markIcon: <CheckIcon boxSize="6" />,
  headingGreen: heading('green'),
  headingRed: heading('red'),
  headingYellow: heading('yellow'),
  hidden: <VisuallyHidden />,
  plate: <Text fontFamily="mono" fontSize="lg" letterSpacing="wide" />,
  plateNumber: <chakra.span whiteSpace="nowrap" />,
  badgeGreen: badge('green'),
  badgeRed: badge('red'),
  badgeYellow: badge('yellow'),
  vehicle: <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" />,
  vehicleLabel: <Text fontSize="sm" color="fg.muted" />,
  serialsHint: <Text fontSize="sm" color="fg.muted" />,
  vehicleName: <Text fontSize="xl" fontWeight="semibold" />,
  details: <DataList.Root orientation="horizontal" size="sm" />,
  detail: (
    <DataList.Root orientation="horizontal" size="sm">
      <DataList.Item {...SPECIMEN} />
    </DataList.Root>
  ),
  detailLabel: dataList(<DataList.ItemLabel {...SPECIMEN} />),
  detailValue: dataList(<DataList.ItemValue {...SPECIMEN} />),
  detailValueAlarm: dataList(<DataList.ItemValue color="red.fg" fontWeight="semibold" {...SPECIMEN} />),
  source: <HStack gap="2" align="flex-start" />,
  sourceIcon: <ClockIcon boxSize="4" mt="0.5" color="fg.muted" />,
  freshness: <Stack gap="1" fontSize="sm" color="fg.muted" />,
} satisfies StaticStyles;
