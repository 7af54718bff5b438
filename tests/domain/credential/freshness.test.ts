import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_TOLERANCE_MS,
  clockSkew,
  correctedToday,
  describeAge,
  isClockOff,
} from '#domain/credential/freshness';

const NOW = '2026-11-22T12:00:00.000Z';
const before = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('describeAge', () => {
  it('says just now for under a minute, and for a time slightly in the future', () => {
    expect(describeAge(NOW, NOW)).toBe('just now');
    expect(describeAge(before(59_999), NOW)).toBe('just now');
    expect(describeAge(before(-30_000), NOW)).toBe('just now');
  });

  it('counts whole minutes, hours and days, rounding down', () => {
    expect(describeAge(before(MINUTE), NOW)).toBe('1 minute ago');
    expect(describeAge(before(5 * MINUTE + 59_000), NOW)).toBe('5 minutes ago');
    expect(describeAge(before(HOUR - 1), NOW)).toBe('59 minutes ago');
    expect(describeAge(before(HOUR), NOW)).toBe('1 hour ago');
    expect(describeAge(before(3 * HOUR + 59 * MINUTE), NOW)).toBe('3 hours ago');
    expect(describeAge(before(DAY), NOW)).toBe('1 day ago');
    expect(describeAge(before(2 * DAY + 23 * HOUR), NOW)).toBe('2 days ago');
    expect(describeAge(before(400 * DAY), NOW)).toBe('400 days ago');
  });

  it('accepts ISO times with an offset', () => {
    expect(describeAge('2026-11-22T11:00:00+02:00', NOW)).toBe('3 hours ago');
  });

  it('never reads younger as time passes', () => {
    const unitsAgo = (text: string) =>
      text === 'just now'
        ? 0
        : Number(text.split(' ')[0]) *
          ({ minute: 1, hour: 60, day: 1440 }[text.split(' ')[1]?.replace(/s$/, '') ?? ''] ?? NaN);
    fc.assert(
      fc.property(fc.nat({ max: 10 * 365 * DAY }), fc.nat({ max: 10 * DAY }), (age, more) => {
        expect(unitsAgo(describeAge(before(age + more), NOW))).toBeGreaterThanOrEqual(
          unitsAgo(describeAge(before(age), NOW)),
        );
      }),
    );
  });

  it('refuses text that is not a time', () => {
    expect(() => describeAge('yesterday', NOW)).toThrow(RangeError);
  });
});

describe('clockSkew', () => {
  it('adds half the round trip to the server time and subtracts the device time', () => {
    const server = Date.parse(NOW);
    expect(clockSkew(NOW, server + 200, 400)).toBe(0);
    // The device reads 10 minutes slow: the skew is positive.
    expect(clockSkew(NOW, server - 10 * MINUTE + 100, 200)).toBe(10 * MINUTE);
    expect(clockSkew(NOW, server + HOUR, 0)).toBe(-HOUR);
  });

  it('refuses a negative round trip or a server time that is not a time', () => {
    expect(() => clockSkew(NOW, 0, -1)).toThrow(RangeError);
    expect(() => clockSkew('soon', 0, 10)).toThrow(RangeError);
  });
});

describe('isClockOff', () => {
  it('tolerates up to five minutes either way', () => {
    expect(CLOCK_SKEW_TOLERANCE_MS).toBe(5 * MINUTE);
    expect(isClockOff(5 * MINUTE)).toBe(false);
    expect(isClockOff(-5 * MINUTE)).toBe(false);
    expect(isClockOff(5 * MINUTE + 1)).toBe(true);
    expect(isClockOff(-5 * MINUTE - 1)).toBe(true);
  });
});

describe('correctedToday', () => {
  it('is the UTC date of the device time plus the skew', () => {
    const deviceNow = Date.parse('2026-11-22T23:59:00.000Z');
    expect(correctedToday(deviceNow, 0)).toBe('2026-11-22');
    expect(correctedToday(deviceNow, 2 * MINUTE)).toBe('2026-11-23');
    // A phone a day fast does not fail a plate that expires today.
    expect(correctedToday(deviceNow + DAY, -DAY)).toBe('2026-11-22');
  });
});
