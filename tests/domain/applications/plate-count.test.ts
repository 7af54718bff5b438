import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPlateCount,
  MAX_PLATES_PER_APPLICATION,
  PLATES_NOT_WHOLE,
  PLATES_TOO_FEW,
  PLATES_TOO_MANY,
} from '#domain/applications/plate-count';

describe('checkPlateCount: the count the pricing calculator prices', () => {
  it('says why 0, 5000 or a word cannot be priced, instead of pricing 1 or 1000', () => {
    expect(checkPlateCount('0')).toEqual({ ok: false, message: PLATES_TOO_FEW });
    expect(checkPlateCount('5000')).toEqual({ ok: false, message: PLATES_TOO_MANY });
    expect(checkPlateCount('two')).toEqual({ ok: false, message: PLATES_NOT_WHOLE });
    expect(checkPlateCount('2.5')).toEqual({ ok: false, message: PLATES_NOT_WHOLE });
    expect(checkPlateCount('')).toEqual({ ok: false, message: PLATES_NOT_WHOLE });
    expect(PLATES_TOO_MANY).toBe('Number of plates must be at most 1000');
  });

  it('prices exactly the count typed, whenever it can be ordered', () => {
    expect(checkPlateCount(' 12 ')).toEqual({ ok: true, count: 12 });
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), (n) => {
        const checked = checkPlateCount(String(n));
        return checked.ok ? checked.count === n : n < 1 || n > MAX_PLATES_PER_APPLICATION;
      }),
    );
  });
});
