import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, formatLusakaDay, formatLusakaMoment } from '#domain/dates/calendar-day';
import { formatLusakaDateTime } from '#domain/dates/lusaka-date-time';

describe('formatDay and formatLusakaDay: one way of writing a day', () => {
  it('writes a day as people read it', () => {
    expect(formatDay('2027-01-20')).toBe('20 Jan 2027');
    expect(formatDay('2026-09-05T22:10:00.000Z')).toBe('5 Sept 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('soon')).toBe('soon');
    // Lusaka is UTC+2: 22:30 UTC is already the next day there.
    expect(formatLusakaDay(new Date('2026-12-11T22:30:00Z'))).toBe('12 Dec 2026');
  });

  it('writes a moment in messages as Lusaka read it, day first', () => {
    expect(formatLusakaMoment('2026-12-07T09:01:10.000Z')).toBe('7 Dec 2026, 11:01');
    expect(formatLusakaMoment(new Date('2026-12-11T22:30:00Z'))).toBe('12 Dec 2026, 00:30');
    expect(formatLusakaMoment('never')).toBe('never');
  });

  it('never writes a day as the machine does, and agrees with en-GB', () => {
    const english = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (at) => {
        const written = formatDay(at.toISOString());
        return !/\d{4}-\d{2}-\d{2}/.test(written) && written === english.format(at);
      }),
    );
  });
});

describe('formatLusakaDateTime: a moment in an exported file', () => {
  it('writes the time Lusaka’s clocks showed, with the zone named, not raw UTC', () => {
    expect(formatLusakaDateTime('2026-12-06T01:22:55.356Z')).toBe('2026-12-06 03:22 CAT');
    // Late in the UTC evening is already the next day in Lusaka.
    expect(formatLusakaDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 01:30 CAT');
    expect(formatLusakaDateTime(null)).toBe('');
    expect(formatLusakaDateTime('not a time')).toBe('not a time');
  });

  it('sorts as text in the order of the moments it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }),
        (a, b) => {
          const [first, second] = [formatLusakaDateTime(new Date(a)), formatLusakaDateTime(new Date(b))];
          const [minuteA, minuteB] = [Math.floor(a / 60_000), Math.floor(b / 60_000)];
          if (minuteA < minuteB) expect(first < second).toBe(true);
          if (minuteA === minuteB) expect(first).toBe(second);
        },
      ),
    );
  });
});
