/**
 * A report from the server (GET /api/admin/reports): the dashboard's figures for the
 * period, with the previous period of the same length, computed on the server. The device
 * keeps the last answer for reading offline (see use-admin-report.ts).
 */
import type { AdminReport, ReportPeriodId, ReportType } from '#domain/reports/admin-report';
import { apiRequest, NetworkError } from '../../sync/api-client';

export type ReportAnswer = { ok: true; report: AdminReport } | { ok: false; isOffline: boolean; message: string };

export const REPORT_NEEDS_CONNECTION = 'Reports are computed on the server. Connect to the network to see these figures.';

export async function fetchAdminReport(period: ReportPeriodId, type: ReportType, signal?: AbortSignal): Promise<ReportAnswer> {
  try {
    const query = new URLSearchParams({ period, type });
    const result = await apiRequest<AdminReport & { message?: string }>('GET', `/api/admin/reports?${query.toString()}`, undefined, signal);
    if (result.ok) return { ok: true, report: result.body };
    return { ok: false, isOffline: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, isOffline: true, message: REPORT_NEEDS_CONNECTION };
    throw error;
  }
}
