/**
 * Reports & Analytics (spec: "Admin: Reports & Analytics"): the longer periods, the report
 * types, the previous period a report is compared with, and the CSV files it exports. The
 * figures are the System Dashboard's (admin-dashboard.ts); a report adds the same figures
 * for the period of the same length just before, and stock received per month.
 */
import { formatLusakaDateTime } from '../dates/lusaka-date-time';
import {
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  REPORT_PERIODS,
  REPORT_TYPES,
  type ReportPeriodId,
  type ReportType,
} from '../statuses/statuses';
import {
  type ActivityRow,
  type AdminDashboard,
  type LogRow,
  HEALTH_CHECK_KIND,
  healthVerdict,
  workWaitingText,
} from './admin-dashboard';
import { type AdminDashboardView, periodRange } from './dashboard-period';
import { type Cell, documentCsv, documentFileName, type PlacedChart, type ReportDocument } from './report-document';
import { type Share, type ShareChart, type TrendChart, trendChart, viewShareChart } from './report-chart';

export { DEFAULT_REPORT_PERIOD, DEFAULT_REPORT_TYPE, REPORT_TYPES, type ReportPeriodId, type ReportType };
export const REPORT_PERIOD_IDS: readonly ReportPeriodId[] = REPORT_PERIODS.map((period) => period.id);

export function reportPeriodLabel(id: ReportPeriodId): string {
  return REPORT_PERIODS.find((period) => period.id === id)?.label ?? id;
}

export const REPORT_PERIOD_INVALID = `Choose a period: ${REPORT_PERIOD_IDS.join(', ')}.`;
export const REPORT_TYPE_INVALID = `Choose a report type: ${REPORT_TYPES.join(', ')}.`;

/** Which dashboard view each report type shows; the System Report is health and logs. */
export const REPORT_TYPE_VIEWS: Record<ReportType, AdminDashboardView | 'system'> = {
  Overview: 'overview',
  'Users Report': 'users',
  'Requests Report': 'requests',
  'Inventory Report': 'inventory',
  'System Report': 'system',
};

/** `months` calendar months before `now`, same time of day; the day clamped to the target month's length (31 Aug → 28/29 Feb). */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const from = new Date(now.getTime());
  from.setUTCDate(1);
  from.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return from;
}

/** The instants a report period covers, [from, now): the dashboard's periods, then 6 and 12 calendar months back. */
export function reportPeriodRange(period: ReportPeriodId, now: Date): { from: Date; to: Date } {
  if (period === 'last6months') return { from: monthsBefore(now, 6), to: new Date(now.getTime()) };
  if (period === 'lastyear') return { from: monthsBefore(now, 12), to: new Date(now.getTime()) };
  return periodRange(period, now);
}

/** The period of the same length that ends where this one starts. */
export function previousRange({ from, to }: { from: Date; to: Date }): { from: Date; to: Date } {
  return { from: new Date(from.getTime() - (to.getTime() - from.getTime())), to: new Date(from.getTime()) };
}

/** Whole-percent change against the previous period; null when the previous figure is 0 (no base to compare with). */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) * 100) / previous);
}

/** "Up 12% on the previous period" (words, not a sign: a CSV cell starting with + reads as a formula), or why there is no percentage. */
export function changeText(current: number, previous: number): string {
  const change = changePercent(current, previous);
  if (change === null) return current === 0 ? 'None in either period' : 'None in the previous period';
  if (change === 0) return 'No change on the previous period';
  return `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)}% on the previous period`;
}

/** The summary figures a report compares. */
export interface ReportFigures {
  newUsers: number;
  requestsReceived: number;
  activeRequests: number;
  inventoryItems: number;
}

export interface MonthlyReportTrend {
  /** YYYY-MM in Lusaka time. */
  month: string;
  users: number;
  requests: number;
  /** Stock received by plate makers that month. */
  inventory: number;
}

/** Refunds in a report: made (refunded) in the period, how much in ngwee, and those still open at its end. */
export interface ReportRefunds {
  made: number;
  amount: number;
  pending: number;
  failed: number;
}

export interface AdminReport extends Omit<AdminDashboard, 'period' | 'view' | 'monthly'> {
  period: ReportPeriodId;
  type: ReportType;
  monthly: MonthlyReportTrend[];
  previous: ReportFigures & { from: string; to: string };
  /** Absent on copies a device kept before reports counted refunds. */
  refunds?: ReportRefunds;
}

/** "2 refunds made (K632.00); 1 pending, 0 failed" */
export function refundsLine(refunds: ReportRefunds): string {
  const made = `${refunds.made} ${refunds.made === 1 ? 'refund' : 'refunds'} made (K${(refunds.amount / 100).toFixed(2)})`;
  return `${made}; ${refunds.pending} pending, ${refunds.failed} failed`;
}

const heading = (report: AdminReport): [string, string][] => [
  [
    'Period',
    `${reportPeriodLabel(report.period)} (${formatLusakaDateTime(report.from)} to ${formatLusakaDateTime(report.to)})`,
  ],
  ['Previous period', `${formatLusakaDateTime(report.previous.from)} to ${formatLusakaDateTime(report.previous.to)}`],
  ['Generated', formatLusakaDateTime(report.generatedAt)],
];

function summaryRows(report: AdminReport): Cell[][] {
  const { summary, previous } = report;
  const health = healthVerdict(summary.health.checks);
  const compared = (label: string, key: keyof ReportFigures): Cell[] => [
    label,
    summary[key],
    previous[key],
    changeText(summary[key], previous[key]),
  ];
  return [
    ['Figure', 'This period', 'Previous period', 'Change'],
    ['Total Users', summary.totalUsers, '', ''],
    compared('New users', 'newUsers'),
    compared('Requests received', 'requestsReceived'),
    compared('Active Requests', 'activeRequests'),
    compared('Inventory Items received', 'inventoryItems'),
    ...(report.refunds
      ? [
          ['Refunds made', report.refunds.made, '', ''],
          ['Refunded (ZMW)', (report.refunds.amount / 100).toFixed(2), '', ''],
          ['Refunds pending or failed at the end', report.refunds.pending + report.refunds.failed, '', ''],
        ]
      : []),
    [
      'System Health',
      health.isOperational ? 'Operational' : `Needs attention (${health.passing} of ${health.total} checks passing)`,
      '',
      '',
    ],
    ['Work waiting', workWaitingText(summary.health.checks), '', ''],
  ];
}

const monthlyRows = (report: AdminReport): Cell[][] => [
  ['Month', 'New users', 'Requests', 'Inventory received'],
  ...report.monthly.map((row): Cell[] => [row.month, row.users, row.requests, row.inventory]),
];
const shareRows = (title: string, shares: readonly Share[]): Cell[][] => [
  [title, 'Count', 'Percentage'],
  ...shares.map((share): Cell[] => [share.name, share.value, `${share.percentage}%`]),
];
const activityRows = (rows: readonly ActivityRow[]): Cell[][] => [
  ['Activity', 'User', 'Type', 'Timestamp'],
  ...rows.map((row): Cell[] => [row.action, row.user, row.type, formatLusakaDateTime(row.at)]),
];
const logRows = (rows: readonly LogRow[]): Cell[][] => [
  ['Level', 'Message', 'Module', 'Timestamp'],
  ...rows.map((row): Cell[] => [row.level, row.message, row.module, formatLusakaDateTime(row.at)]),
];
const healthRows = (report: AdminReport): Cell[][] => [
  ['Check', 'Status', 'Detail'],
  ...report.summary.health.checks.map((check): Cell[] => [
    check.label,
    check.isOk ? 'OK' : HEALTH_CHECK_KIND[check.id] === 'work' ? 'Waiting' : 'Needs attention',
    check.detail,
  ]),
];

export interface ReportCharts {
  trends: TrendChart | null;
  shares: ShareChart | null;
}

/**
 * The charts of the report type shown, from its figures: the page draws them and the PDF
 * draws them again, so the two cannot disagree. Monthly Trends (lines) for every type but
 * System Report, the figures of the type; plate types (Overview, Request Report) or stock
 * received (Inventory Report) as a pie.
 */
export function reportCharts(report: AdminReport): ReportCharts {
  const view = REPORT_TYPE_VIEWS[report.type];
  if (view === 'system') return { trends: null, shares: null };
  const keys =
    view === 'users'
      ? (['users'] as const)
      : view === 'requests'
        ? (['requests'] as const)
        : view === 'inventory'
          ? (['inventory'] as const)
          : (['users', 'requests', 'inventory'] as const);
  const shares = viewShareChart(view, report, 'Plate Type Distribution');
  return { trends: trendChart('line', report.monthly, keys), shares };
}

/** The report's charts placed before their tables: the monthly table is the second, the pie's the third. */
function placedCharts(charts: ReportCharts): PlacedChart[] {
  const placed: PlacedChart[] = [];
  if (charts.trends) placed.push({ beforeTable: 1, chart: charts.trends });
  if (charts.shares) placed.push({ beforeTable: 2, chart: charts.shares });
  return placed;
}

const REPORT_TITLE = 'Nambala Reports & Analytics';
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The report of the chosen type as its files show it: heading, compared summary, then that type's tables. */
export function reportDocument(report: AdminReport): ReportDocument {
  const view = REPORT_TYPE_VIEWS[report.type];
  const tables: Cell[][][] = [summaryRows(report)];
  if (view === 'overview')
    tables.push(
      monthlyRows(report),
      shareRows('Plate type', report.plateTypes),
      shareRows('User status', report.userStatuses),
      activityRows(report.activity),
      logRows(report.logs),
    );
  if (view === 'users')
    tables.push(
      monthlyRows(report),
      shareRows('User status', report.userStatuses),
      activityRows(report.activity.filter((row) => row.type === 'user')),
    );
  if (view === 'requests')
    tables.push(
      monthlyRows(report),
      shareRows('Plate type', report.plateTypes),
      activityRows(report.activity.filter((row) => row.type === 'request')),
    );
  if (view === 'inventory')
    tables.push(
      monthlyRows(report),
      shareRows('Item type', report.inventoryByType),
      activityRows(report.activity.filter((row) => row.type === 'inventory')),
    );
  if (view === 'system') tables.push(healthRows(report), logRows(report.logs));
  return {
    title: REPORT_TITLE,
    subtitle: report.type,
    heading: heading(report),
    tables,
    charts: placedCharts(reportCharts(report)),
    baseName: `nambala-${slug(`report ${report.type.replace(/ Report$/, '')}`)}-${report.period}-${report.to.slice(0, 10)}`,
  };
}

export const reportCsv = (report: AdminReport): string => documentCsv(reportDocument(report));

export const QUICK_EXPORTS = ['users', 'inventory', 'logs'] as const;
export type QuickExport = (typeof QUICK_EXPORTS)[number];
export const QUICK_EXPORT_LABELS: Record<QuickExport, string> = {
  users: 'User Report',
  inventory: 'Inventory Report',
  logs: 'System Logs',
};

/**
 * The Quick Report Actions' files made on the device from the report shown: user figures,
 * inventory figures, or the logs the report shows. The page saves the whole user list and
 * every log row of the period from the server instead (export-routes: users.csv, logs.csv).
 */
export function quickExportDocument(report: AdminReport, kind: QuickExport): ReportDocument {
  const title = QUICK_EXPORT_LABELS[kind];
  const summary = summaryRows(report);
  const tables: Cell[][][] =
    kind === 'users'
      ? [
          summary.filter((_row, index) => index <= 2),
          shareRows('User status', report.userStatuses),
          activityRows(report.activity.filter((row) => row.type === 'user')),
        ]
      : kind === 'inventory'
        ? [
            [summary[0] ?? [], summary[5] ?? []],
            shareRows('Item type', report.inventoryByType),
            activityRows(report.activity.filter((row) => row.type === 'inventory')),
          ]
        : [logRows(report.logs)];
  return {
    title: REPORT_TITLE,
    subtitle: title,
    heading: heading(report),
    tables,
    baseName: `nambala-${slug(title)}-${report.period}-${report.to.slice(0, 10)}`,
  };
}

export const quickExportCsv = (report: AdminReport, kind: QuickExport): string =>
  documentCsv(quickExportDocument(report, kind));

/** nambala-report-overview-last30days-2026-11-24.csv: the period is in the name. */
export function reportCsvFileName(report: AdminReport, kind?: QuickExport): string {
  return documentFileName(kind ? quickExportDocument(report, kind) : reportDocument(report), 'csv');
}
