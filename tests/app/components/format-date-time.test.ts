import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
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

describe('formatDay', () => {
  it('writes a calendar date as en-GB does, without making an Intl formatter', () => {
    const enGB = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31) }),
        fc.boolean(),
        (time, asIsoTime) => {
          const text = asIsoTime ? new Date(time).toISOString() : isoDay(time);
          expect(formatDay(text)).toBe(enGB.format(Date.parse(`${isoDay(time)}T00:00:00Z`)));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('makes no Intl formatter for a date of our era (the first one loads the locale data)', async () => {
    vi.resetModules();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const fresh = await import('../../../src/app/components/format-date-time');
      expect(['2026-11-22', '1999-09-30T10:00:00Z', '0001-01-01'].map(fresh.formatDay)).toEqual([
        '22 Nov 2026',
        '30 Sept 1999',
        '1 Jan 1',
      ]);
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it('writes every month as en-GB abbreviates it, and leaves an era year to the formatter', () => {
    expect(
      Array.from({ length: 12 }, (_, month) => formatDay(`2026-${String(month + 1).padStart(2, '0')}-05`)),
    ).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'].map(
        (month) => `5 ${month} 2026`,
      ),
    );
    expect(formatDay('0000-01-01')).toBe(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.parse('0000-01-01T00:00:00Z'),
      ),
    );
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
