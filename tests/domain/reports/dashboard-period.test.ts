import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodRange, PERIOD_INVALID } from '#domain/reports/dashboard-period';
import { dashboardQuerySchema } from '#domain/reports/report-queries';

describe('dashboard periods', () => {
  const now = new Date('2026-11-24T10:30:00.000Z');

  it('takes 7 and 30 whole days of 24 hours back, ending now (exclusive)', () => {
    expect(periodRange('last7days', now)).toEqual({ from: new Date('2026-11-17T10:30:00.000Z'), to: now });
    expect(periodRange('last30days', now)).toEqual({ from: new Date('2026-10-25T10:30:00.000Z'), to: now });
  });

  it('takes three calendar months back at the same time of day', () => {
    expect(periodRange('last3months', now).from).toEqual(new Date('2026-08-24T10:30:00.000Z'));
    expect(periodRange('last3months', new Date('2027-01-15T00:00:00.000Z')).from).toEqual(
      new Date('2026-10-15T00:00:00.000Z'),
    );
  });

  it('clamps the day to the shorter month three months back', () => {
    expect(periodRange('last3months', new Date('2026-05-31T08:00:00.000Z')).from).toEqual(
      new Date('2026-02-28T08:00:00.000Z'),
    );
    expect(periodRange('last3months', new Date('2028-05-31T08:00:00.000Z')).from).toEqual(
      new Date('2028-02-29T08:00:00.000Z'),
    );
  });

  it('always ends at now and starts between 84 and 93 days before it for three months', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (date) => {
          const { from, to } = periodRange('last3months', date);
          const days = (to.getTime() - from.getTime()) / 86_400_000;
          expect(to).toEqual(date);
          expect(days).toBeGreaterThanOrEqual(89 - 5);
          expect(days).toBeLessThanOrEqual(92);
        },
      ),
    );
  });

  it('defaults to the last 30 days overview and refuses anything else with a clear message', () => {
    expect(dashboardQuerySchema.parse({})).toEqual({ period: 'last30days', view: 'overview' });
    const bad = dashboardQuerySchema.safeParse({ period: 'lastyear' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PERIOD_INVALID);
  });
});
