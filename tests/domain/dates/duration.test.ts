import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationInWords, wholeMonthsBetween } from '../../../src/domain/dates/duration';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const aDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2060, 11, 31) / DAY_MS })
  .map((days) => dayOf(days * DAY_MS));

describe('a stretch of time in words', () => {
  it('says what the fleet screen said in days as years and months', () => {
    // 1,626 days from 6 Dec 2026: 20 May 2031.
    expect(durationInWords('2026-12-06', '2031-05-20')).toBe('4 years 5 months');
    expect(durationInWords('2026-12-06', '2027-12-06')).toBe('1 year');
    expect(durationInWords('2026-12-06', '2027-02-06')).toBe('2 months');
    expect(durationInWords('2026-12-06', '2028-01-05')).toBe('1 year');
    expect(durationInWords('2026-12-06', '2028-01-06')).toBe('1 year 1 month');
  });

  it('keeps short stretches in days, with the noun in the right number', () => {
    expect(durationInWords('2026-12-06', '2026-12-06')).toBe('0 days');
    expect(durationInWords('2026-12-06', '2026-12-07')).toBe('1 day');
    expect(durationInWords('2026-12-06', '2027-02-03')).toBe('59 days');
    expect(durationInWords('2027-02-03', '2026-12-06')).toBe('59 days');
  });

  it('counts months on the calendar, a month-end kept within a shorter month', () => {
    expect(wholeMonthsBetween('2027-01-31', '2027-02-28')).toBe(1);
    expect(wholeMonthsBetween('2027-01-31', '2027-02-27')).toBe(0);
    expect(wholeMonthsBetween('2028-02-29', '2029-02-28')).toBe(12);
  });

  it('always reads as words with numbers and never as "(s)", whatever the two days', () => {
    fc.assert(
      fc.property(aDay, aDay, (from, to) => {
        const words = durationInWords(from, to);
        expect(words).toMatch(/^(\d+ days?|(\d+ years?)( \d+ months?)?|\d+ months?)$/);
        expect(words).not.toMatch(/\b(0 years|0 months|1 days|1 years|1 months)\b|\(s\)/);
        expect(durationInWords(to, from)).toBe(words);
      }),
      { numRuns: 500 },
    );
  });

  it('counts whole months: the months counted fit between the days, one more does not', () => {
    fc.assert(
      fc.property(aDay, aDay, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const months = wholeMonthsBetween(from, to);
        const [year = 0, month = 1, day = 1] = from.split('-').map(Number);
        const after = (count: number) => {
          const first = new Date(Date.UTC(year, month - 1 + count, 1));
          const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
          return dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last)));
        };
        expect(after(months) <= to).toBe(true);
        expect(after(months + 1) > to).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
