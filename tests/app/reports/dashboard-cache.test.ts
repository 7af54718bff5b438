/**
 * The System Dashboard reads offline: the last answer for each period and view stays on
 * the device with its fetch time, and goes when the person signs out.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../src/domain/reports/admin-dashboard';
import { dashboardCacheKey, readCachedDashboard, storeDashboard } from '../../../src/app/reports/dashboard-cache';
import { clearPersonalData } from '../../../src/app/store/clear-personal-data';
import { db } from '../../../src/app/store/database';

const DASHBOARD: AdminDashboard = {
  period: 'last7days',
  view: 'overview',
  from: '2026-11-17T10:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  generatedAt: '2026-11-24T10:00:00.000Z',
  summary: {
    totalUsers: 4,
    newUsers: 1,
    activeRequests: 1,
    requestsReceived: 2,
    inventoryItems: 0,
    lowStockAllocations: 0,
    health: { isOperational: true, checks: [] },
  },
  monthly: [{ month: '2026-11', users: 1, requests: 2 }],
  plateTypes: [],
  userStatuses: [{ name: 'Active', value: 4, percentage: 100 }],
  inventoryByType: [],
  activity: [],
  logs: [],
};

describe('dashboard cache', () => {
  beforeEach(async () => {
    await db.meta.clear();
  });

  it('keeps the last answer per period and view with when it was fetched', async () => {
    await storeDashboard(DASHBOARD, 1_000);
    await storeDashboard({ ...DASHBOARD, view: 'users', summary: { ...DASHBOARD.summary, totalUsers: 9 } }, 2_000);
    expect(await readCachedDashboard(db, 'last7days', 'overview')).toEqual({ dashboard: DASHBOARD, fetchedAt: 1_000 });
    expect((await readCachedDashboard(db, 'last7days', 'users'))?.dashboard.summary.totalUsers).toBe(9);
    expect(await readCachedDashboard(db, 'last30days', 'overview')).toBeNull();
    expect(dashboardCacheKey('last3months', 'inventory')).toBe('adminDashboard:last3months:inventory');
  });

  it('ignores a stored value that is not a dashboard', async () => {
    await db.meta.put({ key: dashboardCacheKey('last7days', 'overview'), value: { figures: 3 } });
    expect(await readCachedDashboard(db, 'last7days', 'overview')).toBeNull();
  });

  it('is removed when the person signs out', async () => {
    await storeDashboard(DASHBOARD, 1_000);
    await db.meta.put({ key: 'unrelated', value: 1 });
    await clearPersonalData();
    expect(await readCachedDashboard(db, 'last7days', 'overview')).toBeNull();
    expect(await db.meta.get('unrelated')).toEqual({ key: 'unrelated', value: 1 });
  });
});
