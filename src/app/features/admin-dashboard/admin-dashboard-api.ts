/**
 * The System Dashboard from the server (GET /api/admin/dashboard). Figures are computed
 * on the server for the period; the device keeps the last answer for reading offline
 * (see dashboard-cache.ts).
 */
import type { AdminDashboard } from '#domain/reports/admin-dashboard';
import type { DashboardPeriodId, AdminDashboardView } from '#domain/reports/dashboard-period';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';

export type DashboardAnswer =
  { ok: true; dashboard: AdminDashboard } | { ok: false; isOffline: boolean; message: string };

export const DASHBOARD_NEEDS_CONNECTION =
  'The dashboard is computed on the server. Connect to the network to see these figures.';

export async function fetchAdminDashboard(
  period: DashboardPeriodId,
  view: AdminDashboardView,
  signal?: AbortSignal,
): Promise<DashboardAnswer> {
  try {
    const query = new URLSearchParams({ period, view });
    const result = await apiRequest<AdminDashboard & ApiErrorBody>(
      'GET',
      `/api/admin/dashboard?${query.toString()}`,
      undefined,
      signal,
    );
    if (result.ok) return { ok: true, dashboard: result.body };
    return { ok: false, isOffline: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, isOffline: true, message: DASHBOARD_NEEDS_CONNECTION };
    throw error;
  }
}
