/** The server clock's helpers: a moved clock, and the time's text written once per millisecond. */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isoTimes, movableClock } from '../../src/server/clock';

describe('isoTimes', () => {
  it('gives the text Date gives for any millisecond, in any order of asking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 253_402_300_799_999 }), { minLength: 1, maxLength: 20 }),
        (times) => {
          const isoOf = isoTimes();
          for (const ms of [...times, ...times.reverse()]) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
        },
      ),
    );
  });

  it('writes the text once for asks within the same millisecond', () => {
    const isoOf = isoTimes();
    const written = vi.spyOn(Date.prototype, 'toISOString');
    try {
      const at = Date.parse('2026-12-07T00:00:00.000Z');
      for (let ask = 0; ask < 5; ask += 1) expect(isoOf(at)).toBe('2026-12-07T00:00:00.000Z');
      expect(isoOf(at + 1)).toBe('2026-12-07T00:00:00.001Z');
      expect(written).toHaveBeenCalledTimes(2);
    } finally {
      written.mockRestore();
    }
  });
});

describe('movableClock', () => {
  it('moves by whole days only', () => {
    const clock = movableClock(() => new Date('2026-12-07T10:00:00Z'));
    clock.setOffsetDays(3);
    expect(clock.now().toISOString()).toBe('2026-12-10T10:00:00.000Z');
    expect(() => clock.setOffsetDays(0.5)).toThrow(RangeError);
  });
});
