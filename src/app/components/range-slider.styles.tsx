/**
 * The range with two thumbs (range-slider.tsx), made at build time (decision 039): each
 * element as Chakra would draw it. Read by the build only; range-slider.tsx uses the class names.
 */
import { Box, chakra, Text } from '@chakra-ui/react';
import type { StaticStyles } from '../theme/static-styles';

const thumb = {
  appearance: 'none',
  pointerEvents: 'auto',
  width: 'var(--thumb-size)',
  height: 'var(--thumb-size)',
  borderRadius: 'full',
  background: 'bg',
  border: '2px solid',
  borderColor: 'colorPalette.solid',
  boxShadow: 'sm',
  cursor: 'grab',
} as const;

const focusRing = { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' } as const;

/** A native range input with its track hidden and its thumb drawn: the two lie over one drawn track. */
const RangeInput = chakra('input', {
  base: {
    position: 'absolute',
    inset: '0',
    width: 'full',
    height: 'full',
    margin: '0',
    appearance: 'none',
    background: 'transparent',
    pointerEvents: 'none',
    outline: 'none',
    '&::-webkit-slider-thumb': thumb,
    '&::-moz-range-thumb': thumb,
    '&::-moz-range-track': { background: 'transparent' },
    '&:focus-visible::-webkit-slider-thumb': focusRing,
    '&:focus-visible::-moz-range-thumb': focusRing,
  },
});

export const rangeSliderStyles = {
  root: <Box display="flex" flexDirection="column" gap="1" colorPalette="brand" />,
  label: <Text fontWeight="medium" textStyle="sm" />,
  values: <Text fontSize="sm" color="fg.muted" />,
  // The thumbs' centres travel between half a thumb from each end, as the inputs' own do.
  thumbs: <Box position="relative" height="var(--thumb-size)" css={{ '--thumb-size': 'sizes.5' }} />,
  track: (
    <Box
      position="absolute"
      insetInline="calc(var(--thumb-size) / 2)"
      top="50%"
      transform="translateY(-50%)"
      height="2"
      borderRadius="full"
      bg="bg.emphasized/72"
      shadow="inset"
    />
  ),
  range: <Box position="absolute" insetBlock="0" bg="colorPalette.solid" borderRadius="full" />,
  thumb: <RangeInput type="range" zIndex={1} />,
  // Both thumbs at the top end: the low one must stay reachable, so it goes on top.
  thumbOnTop: <RangeInput type="range" zIndex={2} />,
} satisfies StaticStyles;
