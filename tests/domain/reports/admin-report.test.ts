import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdminReport,
  changePercent,
  changeText,
  previousRange,
  quickExportCsv,
  reportCsv,
  reportCsvFileName,
  reportPeriodRange,
} from '../../../src/domain/reports/admin-report';
import { reportQuerySchema } from '../../../src/domain/reports/report-queries';

describe('report periods', () => {
  it('goes back six calendar months, clamping the day to the shorter month', () => {
    expect(reportPeriodRange('last6months', new Date('2026-11-24T10:00:00.000Z')).from.toISOString()).toBe(
      '2026-05-24T10:00:00.000Z',
    );
    expect(reportPeriodRange('last6months', new Date('2026-08-31T10:00:00.000Z')).from.toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
  });

  it('goes back one calendar year, 29 February to 28 February', () => {
    expect(reportPeriodRange('lastyear', new Date('2026-11-24T10:00:00.000Z')).from.toISOString()).toBe(
      '2025-11-24T10:00:00.000Z',
    );
    expect(reportPeriodRange('lastyear', new Date('2028-02-29T08:00:00.000Z')).from.toISOString()).toBe(
      '2027-02-28T08:00:00.000Z',
    );
  });

  it('keeps the dashboard periods as they are', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    expect(reportPeriodRange('last7days', now).from.toISOString()).toBe('2026-11-17T10:00:00.000Z');
    expect(reportPeriodRange('last3months', now).from.toISOString()).toBe('2026-08-24T10:00:00.000Z');
  });

  it('puts the previous period of the same length right before the period', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('last7days', 'last30days', 'last3months', 'last6months', 'lastyear' as const),
        (now, period) => {
          const range = reportPeriodRange(period, now);
          const before = previousRange(range);
          expect(before.to.getTime()).toBe(range.from.getTime());
          expect(before.to.getTime() - before.from.getTime()).toBe(range.to.getTime() - range.from.getTime());
          expect(range.from.getTime()).toBeLessThan(range.to.getTime());
        },
      ),
    );
  });

  it('defaults to the last 30 days and the overview, and names what is allowed', () => {
    expect(reportQuerySchema.parse({})).toEqual({ period: 'last30days', type: 'Overview' });
    expect(reportQuerySchema.safeParse({ period: 'ever' }).error?.issues[0]?.message).toBe(
      'Choose a period: last7days, last30days, last3months, last6months, lastyear.',
    );
  });
});

describe('change against the previous period', () => {
  it('is a whole percentage, and none when there was nothing before', () => {
    expect(changePercent(15, 10)).toBe(50);
    expect(changePercent(5, 10)).toBe(-50);
    expect(changePercent(1, 3)).toBe(-67);
    expect(changePercent(4, 0)).toBeNull();
    expect(changeText(12, 10)).toBe('Up 20% on the previous period');
    expect(changeText(5, 10)).toBe('Down 50% on the previous period');
    expect(changeText(10, 10)).toBe('No change on the previous period');
    expect(changeText(3, 0)).toBe('None in the previous period');
  });
});

const REPORT: AdminReport = {
  period: 'last6months',
  type: 'System Report',
  from: '2026-05-24T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  generatedAt: '2026-11-24T10:00:00.000Z',
  summary: {
    totalUsers: 9,
    newUsers: 4,
    activeRequests: 1,
    requestsReceived: 6,
    inventoryItems: 40,
    lowStockAllocations: 0,
    health: {
      isOperational: true,
      checks: [{ id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' }],
    },
  },
  monthly: [{ month: '2026-11', users: 4, requests: 6, inventory: 40 }],
  plateTypes: [],
  userStatuses: [{ name: 'Active', value: 9, percentage: 100 }],
  inventoryByType: [{ name: 'Plate Blanks', value: 40, percentage: 100 }],
  activity: [{ id: 'a', action: 'user.edit', user: 'Admin', at: '2026-11-20T00:00:00.000Z', type: 'user' }],
  logs: [{ id: 'l', level: 'ERROR', message: 'boom', module: 'payments', at: '2026-11-21T00:00:00.000Z' }],
  previous: {
    from: '2025-11-23T10:00:00.000Z',
    to: '2026-05-24T10:00:00.000Z',
    newUsers: 2,
    requestsReceived: 6,
    activeRequests: 0,
    inventoryItems: 0,
  },
};

describe('report CSV', () => {
  it('writes the period, the compared figures and the system tables for a System Report', () => {
    const csv = reportCsv(REPORT);
    expect(csv).toContain('Last 6 Months (2026-05-24 12:00 CAT to 2026-11-24 12:00 CAT)');
    expect(csv).toContain('New users,4,2,Up 100% on the previous period');
    expect(csv).toContain('Database reachable,OK,The database answered');
    expect(csv).toContain('ERROR,boom,payments');
    expect(reportCsvFileName(REPORT)).toBe('nambala-report-system-last6months-2026-11-24.csv');
  });

  it('exports users, inventory or logs alone from the quick actions', () => {
    expect(quickExportCsv(REPORT, 'users')).toContain('Active,9,100%');
    expect(quickExportCsv(REPORT, 'users')).not.toContain('boom');
    expect(quickExportCsv(REPORT, 'inventory')).toContain('Plate Blanks,40,100%');
    expect(quickExportCsv(REPORT, 'logs')).toContain('ERROR,boom,payments');
    expect(reportCsvFileName(REPORT, 'logs')).toBe('nambala-system-logs-last6months-2026-11-24.csv');
  });
});
