import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampRange } from '../../../src/app/components/range-slider';

const SCALE = { min: 0, max: 10_000, step: 100 };

describe('clampRange', () => {
  it('keeps a range that is in bounds and a step wide as it is', () => {
    expect(clampRange(1000, 4000, 0, SCALE)).toEqual([1000, 4000]);
    expect(clampRange(3900, 4000, 1, SCALE)).toEqual([3900, 4000]);
  });

  it('stops the moved thumb a step short of the other', () => {
    expect(clampRange(4000, 4000, 0, SCALE)).toEqual([3900, 4000]);
    expect(clampRange(5000, 4000, 0, SCALE)).toEqual([3900, 4000]);
    expect(clampRange(1000, 1000, 1, SCALE)).toEqual([1000, 1100]);
    expect(clampRange(1000, 200, 1, SCALE)).toEqual([1000, 1100]);
  });

  it('keeps both thumbs on the scale with room for the other', () => {
    expect(clampRange(10_000, 10_000, 0, SCALE)).toEqual([9900, 10_000]);
    expect(clampRange(0, 0, 1, SCALE)).toEqual([0, 100]);
    expect(clampRange(-500, 20_000, 0, SCALE)).toEqual([0, 10_000]);
  });

  it('always answers a range within the scale, at least a step wide, that moves only the thumb that moved', () => {
    const value = fc
      .integer({ min: -2 * SCALE.max, max: 2 * SCALE.max })
      .map((n) => Math.round(n / SCALE.step) * SCALE.step || 0);
    fc.assert(
      fc.property(value, value, fc.constantFrom<0 | 1>(0, 1), (low, high, moved) => {
        const [lo, hi] = clampRange(low, high, moved, SCALE);
        expect(lo).toBeGreaterThanOrEqual(SCALE.min);
        expect(hi).toBeLessThanOrEqual(SCALE.max);
        expect(hi - lo).toBeGreaterThanOrEqual(SCALE.step);
        // The thumb that did not move keeps its place whenever that place was on the scale and left room.
        const still = moved === 0 ? high : low;
        const stillFits =
          moved === 0
            ? still >= SCALE.min + SCALE.step && still <= SCALE.max
            : still >= SCALE.min && still <= SCALE.max - SCALE.step;
        if (stillFits) expect(moved === 0 ? hi : lo).toBe(still);
      }),
    );
  });
});
