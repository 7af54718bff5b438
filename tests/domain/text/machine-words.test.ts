import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, formatLusakaDay } from '#domain/dates/calendar-day';
import { durationInWords } from '#domain/dates/duration';
import { machineWords } from '#domain/text/machine-words';

const day = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

describe('machineWords', () => {
  it('finds a day, a moment and a plural left to the reader, each with the words around it', () => {
    expect(machineWords('valid until 2027-01-20.')).toEqual(['until 2027-01-20.']);
    expect(machineWords('exported 2026-12-06T01:22:55.356Z by admin')).toEqual([
      'exported 2026-12-06T01:22:55.356Z by',
    ]);
    expect(machineWords('1 plate(s) and 2 box(es)')).toEqual(['plate(s) and', 'box(es)']);
    expect(machineWords('collect from 2026-12-11 at the shop; 3 item(s)')).toEqual(['from 2026-12-11 at', 'item(s)']);
  });

  it('finds nothing in the words people read', () => {
    expect(machineWords('Valid until 20 Jan 2027, White Toyota Hilux')).toEqual([]);
    expect(machineWords('4 years 5 months left; 1 plate; PAY-000002; REQ-2026-0001; +260 97 123 4567')).toEqual([]);
    expect(machineWords('NRC 123456/78/9, chassis JTFHX02P0K0123456, 2026-12-06 03:22 CAT in a file')).toEqual([
      'JTFHX02P0K0123456, 2026-12-06 03:22',
    ]);
    expect(machineWords('(s) alone, and the word (see below)')).toEqual([]);
  });

  it('finds any ISO day or moment wherever it stands in a sentence', () => {
    fc.assert(
      fc.property(day, fc.boolean(), fc.string(), (iso, withTime, words) => {
        const written = withTime ? iso : iso.slice(0, 10);
        const text = `${words.replace(/[\w-]+$/, '')} ${written} ${words}`;
        expect(machineWords(text).some((found) => found.includes(written))).toBe(true);
      }),
    );
  });

  it('finds nothing in a day or a duration the domain writes', () => {
    fc.assert(
      fc.property(day, day, (from, to) => {
        const [start, end] = [from, to].sort();
        const text = `Valid until ${formatDay(end!)}, issued ${formatLusakaDay(new Date(start!))}: ${durationInWords(start!.slice(0, 10), end!.slice(0, 10))} left`;
        expect(machineWords(text)).toEqual([]);
      }),
    );
  });
});
