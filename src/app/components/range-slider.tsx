/**
 * A range with two thumbs, built on two native range inputs laid over one drawn
 * track. The browser gives each thumb its keyboard (arrows, Page Up/Down, Home, End),
 * touch and screen-reader behaviour; we draw the track, the stretch between the
 * thumbs, and keep the thumbs a step apart. Chakra's Slider does the same with a
 * state machine of ~15 KiB gzip, which put the marketplace over its first-load budget
 * (decision 017).
 */
import { Box, chakra, Text } from '@chakra-ui/react';
import { useId } from 'react';

export interface RangeSliderProps {
  label: string;
  /** Accessible names of the two thumbs, e.g. "Minimum price". */
  thumbLabels: readonly [string, string];
  min: number;
  max: number;
  step: number;
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
  /** How a value is read out and shown, e.g. "K5,000". */
  format: (value: number) => string;
}

/** Keeps `low` at least one step under `high`, both within [min, max]; `moved` says which thumb moved. */
export function clampRange(
  low: number,
  high: number,
  moved: 0 | 1,
  { min, max, step }: { min: number; max: number; step: number },
): [number, number] {
  const lo = Math.min(Math.max(low, min), max - step);
  const hi = Math.max(Math.min(high, max), min + step);
  if (hi - lo >= step) return [lo, hi];
  return moved === 0 ? [hi - step, hi] : [lo, lo + step];
}

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

export function RangeSlider({ label, thumbLabels, min, max, step, value, onChange, format }: RangeSliderProps) {
  const labelId = useId();
  const [low, high] = value;
  const percent = (at: number) => ((at - min) / (max - min)) * 100;
  const set = (moved: 0 | 1, next: number) =>
    onChange(clampRange(moved === 0 ? next : low, moved === 1 ? next : high, moved, { min, max, step }));
  return (
    <Box role="group" aria-labelledby={labelId} display="flex" flexDirection="column" gap="1" colorPalette="brand">
      <Text id={labelId} fontWeight="medium" textStyle="sm">
        {label}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {format(low)} – {format(high)}
      </Text>
      {/* The thumbs' centres travel between half a thumb from each end, as the inputs' own do. */}
      <Box position="relative" height="var(--thumb-size)" css={{ '--thumb-size': 'sizes.5' }}>
        <Box
          position="absolute"
          insetInline="calc(var(--thumb-size) / 2)"
          top="50%"
          transform="translateY(-50%)"
          height="2"
          borderRadius="full"
          bg="bg.emphasized/72"
          shadow="inset"
        >
          <Box
            position="absolute"
            insetBlock="0"
            bg="colorPalette.solid"
            borderRadius="full"
            style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
          />
        </Box>
        {([0, 1] as const).map((index) => (
          <RangeInput
            key={index}
            type="range"
            min={min}
            max={max}
            step={step}
            value={value[index]}
            aria-label={thumbLabels[index]}
            aria-valuetext={format(value[index])}
            onChange={(event) => set(index, Number(event.currentTarget.value))}
            // Both thumbs at the top end: the low one must stay reachable, so it goes on top.
            zIndex={index === 0 && percent(low) > 50 ? 2 : 1}
          />
        ))}
      </Box>
    </Box>
  );
}
