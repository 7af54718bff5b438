/**
 * The last dashboard answer for each period and view, kept on this device (meta table,
 * key 'adminDashboard:<period>:<view>') so an administrator can read it with the network
 * off, marked with when it was fetched. Signing out removes it with the other account data.
 */
import type { AdminDashboard } from '#domain/reports/admin-dashboard';
import type { DashboardPeriodId, AdminDashboardView } from '#domain/reports/dashboard-period';
import type { NambalaDatabase } from '../store/database';
import { loadStore } from '../store/load-store';

export const DASHBOARD_CACHE_PREFIX = 'adminDashboard:';

export interface CachedDashboard {
  dashboard: AdminDashboard;
  /** When this device received it (ms). */
  fetchedAt: number;
}

export const dashboardCacheKey = (period: DashboardPeriodId, view: AdminDashboardView) =>
  `${DASHBOARD_CACHE_PREFIX}${period}:${view}`;

function isCachedDashboard(value: unknown): value is CachedDashboard {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as { dashboard?: { summary?: unknown }; fetchedAt?: unknown };
  return typeof entry.fetchedAt === 'number' && typeof entry.dashboard?.summary === 'object';
}

export async function readCachedDashboard(
  db: NambalaDatabase,
  period: DashboardPeriodId,
  view: AdminDashboardView,
): Promise<CachedDashboard | null> {
  const entry = await db.meta.get(dashboardCacheKey(period, view));
  return isCachedDashboard(entry?.value) ? entry.value : null;
}

export async function storeDashboard(dashboard: AdminDashboard, fetchedAt: number): Promise<void> {
  const { db } = await loadStore();
  const value: CachedDashboard = { dashboard, fetchedAt };
  await db.meta.put({ key: dashboardCacheKey(dashboard.period, dashboard.view), value });
}
