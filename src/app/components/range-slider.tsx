/**
 * A range with two thumbs, built on two native range inputs laid over one drawn
 * track. The browser gives each thumb its keyboard (arrows, Page Up/Down, Home, End),
 * touch and screen-reader behaviour; we draw the track, the stretch between the
 * thumbs, and keep the thumbs a step apart. Chakra's Slider does the same with a
 * state machine of ~15 KiB gzip, which put the marketplace over its first-load budget
 * (decision 017).
 */
import { useId } from 'react';
import { staticClasses } from '../theme/static-styles';
import type { rangeSliderStyles } from './range-slider.styles';

// Styled at build time (range-slider.styles.tsx, decision 039): the marketplace's filters draw it without Chakra.
const cls = staticClasses<typeof rangeSliderStyles>('range-slider');

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

export function RangeSlider({ label, thumbLabels, min, max, step, value, onChange, format }: RangeSliderProps) {
  const labelId = useId();
  const [low, high] = value;
  const percent = (at: number) => ((at - min) / (max - min)) * 100;
  const set = (moved: 0 | 1, next: number) =>
    onChange(clampRange(moved === 0 ? next : low, moved === 1 ? next : high, moved, { min, max, step }));
  return (
    <div role="group" aria-labelledby={labelId} className={cls('root')}>
      <p id={labelId} className={cls('label')}>
        {label}
      </p>
      <p className={cls('values')}>
        {format(low)} – {format(high)}
      </p>
      <div className={cls('thumbs')}>
        <div className={cls('track')}>
          <div className={cls('range')} style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }} />
        </div>
        {([0, 1] as const).map((index) => (
          <input
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
            className={cls(index === 0 && percent(low) > 50 ? 'thumbOnTop' : 'thumb')}
          />
        ))}
      </div>
    </div>
  );
}
