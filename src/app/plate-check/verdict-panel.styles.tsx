/**
 * The verdict panel, made at build time (decision 039): each element as Chakra would draw
 * it, for each of the panel's tones. Read by the build only; verdict-panel.tsx uses the
 * class names, so a verdict, the roadside's main answer, is drawn without making a style.
 */
import { Box, Button, chakra, DataList, Flex, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CheckIcon, ClockIcon } from '../components/icons';
import { SPECIMEN, type StaticStyles } from '../theme/static-styles';

/**
 * Below a sticky header (64 px), a verdict scrolled to the top would hide under it, and so
 * would the result card's own heading above it ("Verification Result"): 8rem keeps both in view.
 */
const SCROLL_MARGIN = '32';

/** The colours of the panel's tones (presentation.ts's verdictTone, by palette). */
export type VerdictPalette = 'green' | 'red' | 'yellow';

function heading(palette: VerdictPalette) {
  return <Heading as="h3" size="lg" color={`${palette}.fg`} outline="none" />;
}

/**
 * The band's colours, chosen for at least 7:1 between the word and its band (sunlight at
 * arm's length; tests/app/plate-check/verdict-band.test.tsx computes it from these tokens).
 */
export const BAND_COLOURS = {
  green: { bg: 'green.800', fg: 'white' },
  red: { bg: 'red.700', fg: 'white' },
  yellow: { bg: 'yellow.300', fg: 'gray.950' },
} as const satisfies Record<VerdictPalette, { bg: string; fg: string }>;

/** The band's word: 36 px, far beyond the 32 px it must at least be. */
export const BAND_WORD_SIZE = '4xl';

function band(palette: VerdictPalette) {
  const { bg, fg } = BAND_COLOURS[palette];
  return <Flex w="full" align="center" gap="3" px="4" py="3" borderRadius="md" bg={bg} color={fg} />;
}

function instruction(palette: VerdictPalette) {
  return (
    <Text
      borderStartWidth="6px"
      borderColor={`${palette}.${palette === 'yellow' ? '600' : '700'}`}
      bg={`${palette}.50`}
      color="fg"
      px="3"
      py="2"
      fontSize="lg"
      fontWeight="semibold"
    />
  );
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
  bandGreen: band('green'),
  bandRed: band('red'),
  bandYellow: band('yellow'),
  bandIcon: <CheckIcon boxSize="12" flexShrink={0} />,
  bandWord: (
    <Text
      fontSize={BAND_WORD_SIZE}
      fontWeight="extrabold"
      lineHeight="1.1"
      letterSpacing="tight"
      minW="0"
      overflowWrap="anywhere"
    />
  ),
  instructionRed: instruction('red'),
  instructionYellow: instruction('yellow'),
  instructionGreen: instruction('green'),
  /** Refresh now, under a Valid weakened by out-of-date data. */
  refreshButton: <Button mt="2" size="sm" variant="solid" colorPalette="gray" />,
  bigPlate: <Text fontFamily="mono" fontSize="2xl" fontWeight="bold" letterSpacing="wide" />,
  headline: <HStack gap="3" align="center" flexWrap="wrap" />,
  headingGreen: heading('green'),
  headingRed: heading('red'),
  headingYellow: heading('yellow'),
  hidden: <VisuallyHidden />,
  plateNumber: <chakra.span whiteSpace="nowrap" />,
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
