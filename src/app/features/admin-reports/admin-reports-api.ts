/**
 * A report from the server (GET /api/admin/reports): the dashboard's figures for the
 * period, with the previous period of the same length, computed on the server. The device
 * keeps the last answer for reading offline (see use-admin-report.ts). The whole user list
 * and every log row of a period are files the server streams; the browser saves them
 * straight to disk from their address, so a long file is never held in the page.
 */
import type { AdminReport, ReportPeriodId, ReportType } from '#domain/reports/admin-report';
import type { ExportPeriodId, StreamedExport } from '#domain/reports/report-exports';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';

export type ReportAnswer = { ok: true; report: AdminReport } | { ok: false; isOffline: boolean; message: string };

export const REPORT_NEEDS_CONNECTION =
  'Reports are computed on the server. Connect to the network to see these figures.';

export async function fetchAdminReport(
  period: ReportPeriodId,
  type: ReportType,
  signal?: AbortSignal,
): Promise<ReportAnswer> {
  try {
    const query = new URLSearchParams({ period, type });
    const result = await apiRequest<AdminReport & ApiErrorBody>(
      'GET',
      `/api/admin/reports?${query.toString()}`,
      undefined,
      signal,
    );
    if (result.ok) return { ok: true, report: result.body };
    return { ok: false, isOffline: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, isOffline: true, message: REPORT_NEEDS_CONNECTION };
    throw error;
  }
}

export const STREAMED_EXPORT_NEEDS_CONNECTION = 'Needs a connection: the server makes this file from every row.';

/** Where the browser downloads a streamed export (administrators only; the session cookie goes with it). */
export function streamedExportUrl(kind: StreamedExport, period: ExportPeriodId): string {
  return `/api/admin/reports/export/${kind}.csv?${new URLSearchParams({ period }).toString()}`;
}
