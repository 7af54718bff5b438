import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatTimeOfDay } from '../../../src/app/components/format-date-time';

describe('formatTimeOfDay', () => {
  it('writes the local time of day as en-GB does, without making an Intl formatter', () => {
    const enGB = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }), (time) => {
        expect(formatTimeOfDay(time)).toBe(enGB.format(time));
      }),
      { numRuns: 2000 },
    );
  });

  it('pads hours and minutes to two digits, from midnight to the last minute', () => {
    expect(formatTimeOfDay(new Date(2026, 10, 25, 0, 0))).toBe('00:00');
    expect(formatTimeOfDay(new Date(2026, 10, 25, 9, 5))).toBe('09:05');
    expect(formatTimeOfDay(new Date(2026, 10, 25, 23, 59))).toBe('23:59');
  });
});

describe('formatDateTime and formatDay', () => {
  it('format dates, and say so when there is none', () => {
    expect(formatDay('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDay('2026-11-22T23:30:00Z')).toBe('22 Nov 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('not a time')).toBe('Never');
    expect(formatDateTime(new Date(2026, 10, 22, 15, 40).toISOString())).toBe('22 Nov 2026, 15:40');
  });
});
