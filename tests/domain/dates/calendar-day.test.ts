import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, formatLusakaDay } from '#domain/dates/calendar-day';

describe('formatDay and formatLusakaDay: one way of writing a day', () => {
  it('writes a day as people read it', () => {
    expect(formatDay('2027-01-20')).toBe('20 Jan 2027');
    expect(formatDay('2026-09-05T22:10:00.000Z')).toBe('5 Sept 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('soon')).toBe('soon');
    // Lusaka is UTC+2: 22:30 UTC is already the next day there.
    expect(formatLusakaDay(new Date('2026-12-11T22:30:00Z'))).toBe('12 Dec 2026');
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
