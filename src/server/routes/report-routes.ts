/**
 * The System Dashboard (GET /api/admin/dashboard): every figure for the chosen period,
 * computed by the report repository's aggregate queries at the time of the request.
 * Reports & Analytics (GET /api/admin/reports) is the same figures for a period of up to
 * a year, with stock per month and the previous period of the same length to compare with.
 * The quick reports whose rows can be many (every account, every log row of a period) are
 * streamed as CSV, a page of rows at a time from a keyset-paged query, so neither the
 * server nor the client holds the whole file. Read-only, for administrators.
 */
import { Readable } from 'node:stream';
import { dashboardAnswer, reportAnswer } from '#domain/api/reports';
import { type AdminDashboard, healthVerdict, toShares } from '#domain/reports/admin-dashboard';
import { type AdminReport, previousRange, reportPeriodRange } from '#domain/reports/admin-report';
import { periodRange } from '#domain/reports/dashboard-period';
import { dashboardQuerySchema, reportQuerySchema } from '#domain/reports/report-queries';
import {
  exportFileName,
  exportHeader,
  exportPeriodRange,
  exportQuerySchema,
  logExportLine,
  type StreamedExport,
  userExportLine,
} from '#domain/reports/report-exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import {
  type LogCursor,
  type PeriodBounds,
  reportRepository,
  type UserCursor,
} from '../repositories/report-repository';
import { refundRepository } from '../repositories/refund-repository';
import { errorResponse, plainJson } from './schemas';

/**
 * Every dashboard figure for the bounds, and the accounts created in `previous` when a
 * report compares with it; the dashboard and the reports both answer with these.
 */
async function dashboardFigures(
  db: Database,
  bounds: PeriodBounds,
  previous: PeriodBounds | null = null,
): Promise<{ figures: Omit<AdminDashboard, 'period' | 'view'>; usersAddedBefore: number }> {
  const reports = reportRepository(db);
  const [months, users, requests, inventory, activity, logs, checks] = await Promise.all([
    reports.months(bounds),
    reports.userFigures(bounds, previous),
    reports.requestFigures(bounds),
    reports.inventory(bounds),
    reports.recentActivity(bounds),
    reports.systemLogs(bounds),
    reports.healthChecks(bounds),
  ]);
  const figures = {
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    generatedAt: bounds.to.toISOString(),
    summary: {
      totalUsers: users.total,
      newUsers: users.added,
      activeRequests: requests.active,
      requestsReceived: requests.received,
      inventoryItems: inventory.byType.reduce((sum, row) => sum + row.value, 0),
      lowStockAllocations: inventory.lowStockAllocations,
      health: { isOperational: healthVerdict(checks).isOperational, checks },
    },
    monthly: months.map((month) => ({
      month,
      users: users.monthly.get(month) ?? 0,
      requests: requests.monthly.get(month) ?? 0,
    })),
    plateTypes: toShares(requests.plateTypes),
    userStatuses: toShares(users.statuses),
    inventoryByType: toShares(inventory.byType),
    activity,
    logs,
  };
  return { figures, usersAddedBefore: users.addedBefore };
}

/**
 * Rows a page of an export reads: large enough that the queries' own cost is small beside
 * the rows', small enough that a page is a few hundred kilobytes at most.
 */
export const EXPORT_PAGE_ROWS = 1000;

/** The file's text, a page at a time: the header, then each page's lines as one chunk, read only as fast as the client takes them. */
async function* exportChunks(db: Database, kind: StreamedExport, bounds: PeriodBounds): AsyncGenerator<string> {
  const reports = reportRepository(db);
  yield exportHeader(kind);
  if (kind === 'users') {
    let after: UserCursor | null = null;
    for (;;) {
      const page = await reports.userExportPage(bounds, after, EXPORT_PAGE_ROWS);
      if (page.length > 0) yield page.map((row) => userExportLine(row.user)).join('');
      if (page.length < EXPORT_PAGE_ROWS) return;
      after = page[page.length - 1]?.cursor ?? null;
    }
  }
  let after: LogCursor | null = null;
  for (;;) {
    const page = await reports.logPage(bounds, after, EXPORT_PAGE_ROWS);
    if (page.length > 0) yield page.map((row) => logExportLine(row.log)).join('');
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = page[page.length - 1]?.cursor ?? null;
  }
}

export const reportRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'reports:read' },
      schema: {
        tags: ['reports'],
        summary:
          'The System Dashboard for a period: summary, monthly trends, plate types, user statuses, recent activity and system logs',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswer, 400: errorResponse },
      },
      serializerCompiler: plainJson,
    },
    async (request): Promise<AdminDashboard> => {
      const { period, view } = request.query;
      return { period, view, ...(await dashboardFigures(db, periodRange(period, now()))).figures };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'reports:read' },
      schema: {
        tags: ['reports'],
        summary:
          'A report for a period of up to a year: the dashboard figures, stock per month, and the previous period of the same length',
        querystring: reportQuerySchema,
        response: { 200: reportAnswer, 400: errorResponse },
      },
      serializerCompiler: plainJson,
    },
    async (request): Promise<AdminReport> => {
      const { period, type } = request.query;
      const bounds = reportPeriodRange(period, now());
      const before = previousRange(bounds);
      const reports = reportRepository(db);
      const [{ figures, usersAddedBefore }, stock, requests, inventory, refunds] = await Promise.all([
        dashboardFigures(db, bounds, before),
        reports.monthlyInventory(bounds),
        reports.requestCounts(before),
        reports.inventory(before),
        refundRepository(db).reportFigures(bounds),
      ]);
      return {
        ...figures,
        period,
        type,
        monthly: figures.monthly.map((row) => ({
          ...row,
          inventory: stock.find((month) => month.month === row.month)?.inventory ?? 0,
        })),
        previous: {
          from: before.from.toISOString(),
          to: before.to.toISOString(),
          newUsers: usersAddedBefore,
          requestsReceived: requests.received,
          activeRequests: requests.active,
          inventoryItems: inventory.byType.reduce((sum, row) => sum + row.value, 0),
        },
        refunds,
      };
    },
  );

  for (const kind of ['users', 'logs'] as const) {
    app.get(
      `/api/admin/reports/export/${kind}.csv`,
      {
        config: { access: 'reports:read' },
        schema: {
          tags: ['reports'],
          summary:
            kind === 'users'
              ? 'Every account created in the period (or all): User ID, Name, Email, Type, Status, Created, Last Active; streamed CSV (RFC 4180, UTF-8 with a byte order mark)'
              : 'Every log row of the period, newest first: Level, Message, Module, Timestamp; streamed CSV (RFC 4180, UTF-8 with a byte order mark)',
          querystring: exportQuerySchema,
          response: { 200: z.unknown().describe('The CSV file (text/csv), sent as it is read'), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const { period } = request.query;
        const at = now();
        const bounds = exportPeriodRange(period, at);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(kind, period, at)}"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(exportChunks(db, kind, bounds)));
      },
    );
  }
};
