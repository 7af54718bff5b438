import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activityType,
  type AdminDashboard,
  dashboardCsv,
  dashboardCsvFileName,
  healthVerdict,
  workWaiting,
  workWaitingText,
  percentages,
  toShares,
} from '#domain/reports/admin-dashboard';

const DASHBOARD: AdminDashboard = {
  period: 'last7days',
  view: 'users',
  from: '2026-11-17T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  generatedAt: '2026-11-24T10:00:00.000Z',
  summary: {
    totalUsers: 12,
    newUsers: 3,
    activeRequests: 2,
    requestsReceived: 5,
    inventoryItems: 40,
    lowStockAllocations: 1,
    health: {
      isOperational: true,
      checks: [{ id: 'database', label: 'Database reachable', isOk: true, detail: 'The database answered' }],
    },
  },
  monthly: [{ month: '2026-11', users: 3, requests: 5 }],
  plateTypes: [{ name: 'Standard', value: 5, percentage: 100 }],
  userStatuses: [
    { name: 'Active', value: 10, percentage: 83 },
    { name: 'Pending', value: 2, percentage: 17 },
  ],
  inventoryByType: [],
  activity: [
    { id: 'audit-1', action: 'user.edit u-1', user: 'Bwalya', at: '2026-11-23T09:00:00.000Z', type: 'user' },
    { id: 'audit-2', action: 'request.approve r-1', user: 'Bwalya', at: '2026-11-23T08:00:00.000Z', type: 'request' },
  ],
  logs: [{ id: 'log-1', level: 'ERROR', message: 'GET /api/x failed', module: 'x', at: '2026-11-22T00:00:00.000Z' }],
};

describe('dashboard shaping', () => {
  it('gives whole percentages that add up to exactly 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([245, 45, 15, 10])).toEqual([78, 14, 5, 3]);
    expect(percentages([0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 12 }), (counts) => {
        const shares = percentages(counts);
        const total = shares.reduce((sum, share) => sum + share, 0);
        expect(total).toBe(counts.some((count) => count > 0) ? 100 : 0);
        const sum = counts.reduce((a, b) => a + b, 0);
        // Each share is its exact percentage rounded down or up, never further off.
        if (sum > 0)
          shares.forEach((share, index) =>
            expect(Math.abs(share - ((counts[index] ?? 0) * 100) / sum)).toBeLessThan(1),
          );
      }),
    );
  });

  it('keeps names and counts in order with their shares', () => {
    expect(
      toShares([
        { name: 'Standard', value: 3 },
        { name: 'Commercial', value: 1 },
      ]),
    ).toEqual([
      { name: 'Standard', value: 3, percentage: 75 },
      { name: 'Commercial', value: 1, percentage: 25 },
    ]);
  });

  it('gives requests, payments and plates the request icon, stock and manufacturing the inventory icon, accounts the user icon', () => {
    expect(activityType('request.approve')).toBe('request');
    expect(activityType('payment.approved')).toBe('request');
    expect(activityType('plate.registered')).toBe('request');
    expect(activityType('plate.made')).toBe('inventory');
    expect(activityType('user.edit')).toBe('user');
    expect(activityType('settings.pricing')).toBe('user');
  });

  it('is operational only when every check passes', () => {
    const ok = { id: 'database' as const, label: 'Database reachable', isOk: true, detail: '' };
    expect(healthVerdict([ok, { ...ok, id: 'errors' }])).toEqual({ isOperational: true, passing: 2, total: 2 });
    expect(healthVerdict([ok, { ...ok, id: 'errors', isOk: false }])).toEqual({
      isOperational: false,
      passing: 1,
      total: 2,
    });
  });

  it('counts work waiting apart: a payment to confirm or an alert to review never makes it "Needs attention"', () => {
    const ok = { id: 'database' as const, label: 'Database reachable', isOk: true, detail: 'The database answered' };
    const payments = {
      id: 'payments' as const,
      label: 'Payments waiting',
      isOk: false,
      detail: '1 payment pending more than 24 hours',
    };
    const alerts = { id: 'integrity' as const, label: 'Integrity alerts', isOk: false, detail: '2 integrity alerts' };
    const checks = [ok, { ...ok, id: 'errors' as const }, { ...ok, id: 'messages' as const }, payments, alerts];
    expect(healthVerdict(checks)).toEqual({ isOperational: true, passing: 3, total: 3 });
    expect(workWaiting(checks).map((check) => check.id)).toEqual(['payments', 'integrity']);
    expect(workWaitingText(checks)).toBe('1 payment pending more than 24 hours; 2 integrity alerts');
    expect(workWaitingText([ok])).toBe('Nothing waiting');
    // A message backlog is trouble: the system is not getting messages out.
    expect(healthVerdict([...checks, { ...ok, id: 'messages' as const, isOk: false }]).isOperational).toBe(false);
  });

  it('exports the users view: summary, new users per month, statuses and user activity only', () => {
    const csv = dashboardCsv(DASHBOARD);
    const lines = csv.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Nambala System Dashboard,Users report');
    expect(lines).toContain('Total Users,12');
    expect(lines).toContain('Month,New users');
    expect(lines).toContain('2026-11,3');
    expect(lines).toContain('Active,10,83%');
    expect(lines).toContain('user.edit u-1,Bwalya,user,2026-11-23 11:00 CAT');
    expect(csv).not.toContain('request.approve');
    expect(csv).not.toContain('GET /api/x failed');
    expect(dashboardCsvFileName(DASHBOARD)).toBe('nambala-dashboard-users-last7days-2026-11-24.csv');
  });

  it('exports the overview with the logs table', () => {
    const lines = dashboardCsv({ ...DASHBOARD, view: 'overview' }).split('\r\n');
    expect(lines).toContain('Level,Message,Module,Timestamp');
    expect(lines).toContain('ERROR,GET /api/x failed,x,2026-11-22 02:00 CAT');
    expect(lines).toContain('Month,New users,Requests');
  });
});
