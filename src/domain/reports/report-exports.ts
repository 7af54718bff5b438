/**
 * The Quick Report Actions whose rows can be many, streamed by the server as CSV: every
 * user account created in the period (or all of them), and every log row of the period
 * (GET /api/admin/reports/export/users.csv and logs.csv). The period, the columns, how a
 * row is written and the file's name are decided here; the server only pages the rows.
 */
import { formatLusakaDateTime } from '../dates/lusaka-date-time';
import { z } from 'zod';
import { csvField } from '../csv/csv-writer';
import type { LogRow } from './admin-dashboard';
import {
  DEFAULT_REPORT_PERIOD,
  REPORT_PERIOD_IDS,
  reportPeriodLabel,
  reportPeriodRange,
  type ReportPeriodId,
} from './admin-report';

export const STREAMED_EXPORTS = ['users', 'logs'] as const;
export type StreamedExport = (typeof STREAMED_EXPORTS)[number];

/** A report period, or every row whenever it was made. */
export type ExportPeriodId = ReportPeriodId | 'all';
export const EXPORT_PERIOD_IDS: readonly ExportPeriodId[] = [...REPORT_PERIOD_IDS, 'all'];
export const EXPORT_PERIOD_INVALID = `Choose a period: ${EXPORT_PERIOD_IDS.join(', ')}.`;

export const exportQuerySchema = z.object({
  period: z.enum(EXPORT_PERIOD_IDS, { error: EXPORT_PERIOD_INVALID }).default(DEFAULT_REPORT_PERIOD),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const exportPeriodLabel = (period: ExportPeriodId) =>
  period === 'all' ? 'All time' : reportPeriodLabel(period);

/** The instants the export covers, [from, now); 'all' starts at the Unix epoch, before any row Nambala keeps. */
export function exportPeriodRange(period: ExportPeriodId, now: Date): { from: Date; to: Date } {
  return period === 'all' ? { from: new Date(0), to: new Date(now.getTime()) } : reportPeriodRange(period, now);
}

/** nambala-users-last30days-2026-11-24.csv: the period and its last day (UTC) are in the name. */
export function exportFileName(kind: StreamedExport, period: ExportPeriodId, now: Date): string {
  return `nambala-${kind === 'users' ? 'users' : 'system-logs'}-${period}-${now.toISOString().slice(0, 10)}.csv`;
}

export interface UserExportRow {
  id: string;
  name: string;
  email: string;
  /** The account's user type (Customer, AGENT, ...), as User Management shows it. */
  type: string;
  status: string;
  createdAt: string;
  lastActiveAt: string | null;
}

export const USER_EXPORT_COLUMNS = ['User ID', 'Name', 'Email', 'Type', 'Status', 'Created', 'Last Active'] as const;
export const LOG_EXPORT_COLUMNS = ['Level', 'Message', 'Module', 'Timestamp'] as const;

const line = (cells: readonly (string | number | null)[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The file's first bytes: a UTF-8 byte order mark (so a spreadsheet reads "Bánda" right), then the header row. */
export function exportHeader(kind: StreamedExport): string {
  return `\uFEFF${line(kind === 'users' ? USER_EXPORT_COLUMNS : LOG_EXPORT_COLUMNS)}`;
}

/** One account as one RFC 4180 line (CRLF); no last-active time is an empty cell. */
export const userExportLine = (row: UserExportRow): string =>
  line([
    row.id,
    row.name,
    row.email,
    row.type,
    row.status,
    formatLusakaDateTime(row.createdAt),
    formatLusakaDateTime(row.lastActiveAt),
  ]);

/** One log row as one RFC 4180 line, the columns of the System Logs table. */
export const logExportLine = (row: LogRow): string =>
  line([row.level, row.message, row.module, formatLusakaDateTime(row.at)]);
