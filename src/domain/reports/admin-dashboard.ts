/**
 * The System Dashboard's answer and the pure shaping the server and the page share:
 * percentages that add up to exactly 100, the activity type of an audited action, the
 * health verdict from its checks, and the CSV of the view shown. What each figure
 * counts is written in docs/admin-dashboard.md.
 */
import { formatLusakaDateTime } from '../dates/lusaka-date-time';
import { type DashboardPeriodId, type AdminDashboardView, periodLabel, VIEW_LABELS } from './dashboard-period';
import { type Cell, documentCsv, documentFileName, type PlacedChart, type ReportDocument } from './report-document';
import { type Share, type ShareChart, type TrendChart, trendChart, viewShareChart } from './report-chart';

/** The Inventory Items card's note: allocations now Low Stock, Critical or Out of Stock (docs/inventory.md). */
export function lowStockNote(allocations: number): string {
  if (allocations === 0) return 'No allocation low on stock';
  return `${allocations.toLocaleString('en-GB')} ${allocations === 1 ? 'allocation' : 'allocations'} low on stock`;
}

/** A request-to-pay or bank transfer still pending after this long needs someone to look at it. */
export const PAYMENT_WAIT_LIMIT_HOURS = 24;
/** A message (SMS or email) still queued this long after it was due means the dispatcher is stuck. */
export const MESSAGE_BACKLOG_LIMIT_MINUTES = 15;

/** How many rows the activity list and the logs table show. */
export const RECENT_ACTIVITY_LIMIT = 10;
export const SYSTEM_LOG_LIMIT = 50;

export const LOG_LEVELS = ['INFO', 'WARNING', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const ACTIVITY_TYPES = ['user', 'request', 'inventory'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface MonthlyTrend {
  /** YYYY-MM in Lusaka time. */
  month: string;
  users: number;
  requests: number;
}
export interface ActivityRow {
  id: string;
  action: string;
  user: string;
  at: string;
  type: ActivityType;
}
export interface LogRow {
  id: string;
  level: LogLevel;
  message: string;
  module: string;
  at: string;
}
export interface HealthCheck {
  id: 'database' | 'messages' | 'payments' | 'errors' | 'integrity';
  label: string;
  isOk: boolean;
  detail: string;
}

export interface AdminDashboard {
  period: DashboardPeriodId;
  view: AdminDashboardView;
  from: string;
  to: string;
  generatedAt: string;
  summary: {
    totalUsers: number;
    newUsers: number;
    activeRequests: number;
    requestsReceived: number;
    inventoryItems: number;
    lowStockAllocations: number;
    health: { isOperational: boolean; checks: HealthCheck[] };
  };
  monthly: MonthlyTrend[];
  plateTypes: Share[];
  userStatuses: Share[];
  /** Stock received by plate makers in the period, by item type (Plate Blanks, Raw Materials). */
  inventoryByType: Share[];
  activity: ActivityRow[];
  logs: LogRow[];
}

/**
 * Whole percentages of each count that add up to exactly 100 (largest remainder): the
 * user-status list and the pie must not read 33% + 33% + 33%. Ties go to the earlier entry.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    floors[index] = (floors[index] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

/** Named counts as shares, in the order given. */
export function toShares(rows: readonly { name: string; value: number }[]): Share[] {
  const shares = percentages(rows.map((row) => row.value));
  return rows.map((row, index) => ({ name: row.name, value: row.value, percentage: shares[index] ?? 0 }));
}

/** Which icon an audited action gets: plate requests, payments and plates are "request"; stock and manufacturing "inventory"; accounts "user". */
export function activityType(action: string): ActivityType {
  const [subject] = action.split('.');
  if (subject === 'inventory' || action === 'plate.made') return 'inventory';
  if (
    subject === 'request' ||
    subject === 'plate' ||
    subject === 'payment' ||
    subject === 'reservation' ||
    subject === 'application'
  )
    return 'request';
  return 'user';
}

/**
 * What a failing check means. Trouble is the system not working as it should (the database,
 * server errors, messages not going out): it makes System Health "Needs attention". Work is
 * something waiting for an administrator (payments to confirm, integrity alerts to review):
 * counted apart, it never turns the status red (docs/admin-dashboard.md).
 */
export const HEALTH_CHECK_KIND: Record<HealthCheck['id'], 'trouble' | 'work'> = {
  database: 'trouble',
  errors: 'trouble',
  messages: 'trouble',
  payments: 'work',
  integrity: 'work',
};

/** "Operational" only when every check of trouble passes; work waiting is not counted here. */
export function healthVerdict(checks: readonly HealthCheck[]): {
  isOperational: boolean;
  passing: number;
  total: number;
} {
  const trouble = checks.filter((check) => HEALTH_CHECK_KIND[check.id] === 'trouble');
  const passing = trouble.filter((check) => check.isOk).length;
  return { isOperational: passing === trouble.length, passing, total: trouble.length };
}

/** The checks that are work for an administrator and have some waiting. */
export function workWaiting(checks: readonly HealthCheck[]): HealthCheck[] {
  return checks.filter((check) => HEALTH_CHECK_KIND[check.id] === 'work' && !check.isOk);
}

/** The summary's line for work waiting, as the dashboard and its files show it. */
export function workWaitingText(checks: readonly HealthCheck[]): string {
  const waiting = workWaiting(checks);
  return waiting.length === 0 ? 'Nothing waiting' : waiting.map((check) => check.detail).join('; ');
}

function summaryRows(dashboard: AdminDashboard): Cell[][] {
  const { summary } = dashboard;
  const health = healthVerdict(summary.health.checks);
  return [
    ['Figure', 'Value'],
    ['Total Users', summary.totalUsers],
    ['New users in the period', summary.newUsers],
    ['Active Requests', summary.activeRequests],
    ['Requests received in the period', summary.requestsReceived],
    ['Inventory Items', summary.inventoryItems],
    ['Allocations low on stock', summary.lowStockAllocations],
    [
      'System Health',
      health.isOperational ? 'Operational' : `Needs attention (${health.passing} of ${health.total} checks passing)`,
    ],
    ['Work waiting', workWaitingText(summary.health.checks)],
    ...summary.health.checks.map((check): Cell[] => [check.label, check.detail]),
  ];
}

const monthlyRows = (dashboard: AdminDashboard, columns: readonly ('users' | 'requests')[]): Cell[][] => [
  ['Month', ...columns.map((column) => (column === 'users' ? 'New users' : 'Requests'))],
  ...dashboard.monthly.map((row): Cell[] => [row.month, ...columns.map((column) => row[column])]),
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

export interface DashboardCharts {
  trends: TrendChart | null;
  shares: ShareChart | null;
}

/**
 * The view's charts, from its figures, for the page and the PDF alike: Monthly Trends
 * (bars) but for the inventory view; plate types (overview, requests) or stock received
 * (inventory) as a pie.
 */
export function dashboardCharts(dashboard: AdminDashboard): DashboardCharts {
  const { view } = dashboard;
  const keys =
    view === 'users'
      ? (['users'] as const)
      : view === 'requests'
        ? (['requests'] as const)
        : (['users', 'requests'] as const);
  const shares = viewShareChart(view, dashboard, 'Plate Types');
  return { trends: view === 'inventory' ? null : trendChart('bar', dashboard.monthly, keys), shares };
}

/** The view's charts before their tables: the monthly table second, the pie's after it (second in the inventory view). */
function placedCharts(charts: DashboardCharts): PlacedChart[] {
  const placed: PlacedChart[] = [];
  if (charts.trends) placed.push({ beforeTable: 1, chart: charts.trends });
  if (charts.shares) placed.push({ beforeTable: charts.trends ? 2 : 1, chart: charts.shares });
  return placed;
}

/** The figures of the view shown, as its files show them: the summary, then the view's tables. */
export function dashboardDocument(dashboard: AdminDashboard): ReportDocument {
  const { view } = dashboard;
  const tables: Cell[][][] = [summaryRows(dashboard)];
  if (view === 'overview')
    tables.push(
      monthlyRows(dashboard, ['users', 'requests']),
      shareRows('Plate type', dashboard.plateTypes),
      shareRows('User status', dashboard.userStatuses),
      activityRows(dashboard.activity),
      logRows(dashboard.logs),
    );
  if (view === 'users')
    tables.push(
      monthlyRows(dashboard, ['users']),
      shareRows('User status', dashboard.userStatuses),
      activityRows(dashboard.activity.filter((row) => row.type === 'user')),
    );
  if (view === 'requests')
    tables.push(
      monthlyRows(dashboard, ['requests']),
      shareRows('Plate type', dashboard.plateTypes),
      activityRows(dashboard.activity.filter((row) => row.type === 'request')),
    );
  if (view === 'inventory')
    tables.push(
      shareRows('Item type', dashboard.inventoryByType),
      activityRows(dashboard.activity.filter((row) => row.type === 'inventory')),
    );
  return {
    title: 'Nambala System Dashboard',
    subtitle: `${VIEW_LABELS[view]} report`,
    heading: [
      [
        'Period',
        `${periodLabel(dashboard.period)} (${formatLusakaDateTime(dashboard.from)} to ${formatLusakaDateTime(dashboard.to)})`,
      ],
      ['Generated', formatLusakaDateTime(dashboard.generatedAt)],
    ],
    tables,
    charts: placedCharts(dashboardCharts(dashboard)),
    baseName: `nambala-dashboard-${dashboard.view}-${dashboard.period}-${dashboard.to.slice(0, 10)}`,
  };
}

/** The view shown as a CSV file: a heading line, then each table after a blank line. */
export const dashboardCsv = (dashboard: AdminDashboard): string => documentCsv(dashboardDocument(dashboard));

export const dashboardCsvFileName = (dashboard: AdminDashboard): string =>
  documentFileName(dashboardDocument(dashboard), 'csv');
