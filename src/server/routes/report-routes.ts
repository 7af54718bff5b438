/**
 * The System Dashboard (GET /api/admin/dashboard): every figure for the chosen period,
 * computed by the report repository's aggregate queries at the time of the request.
 * Reports & Analytics (GET /api/admin/reports) is the same figures for a period of up to
 * a year, with stock per month and the previous period of the same length to compare with.
 * Read-only, for administrators.
 */
import { type AdminDashboard, toShares } from '#domain/reports/admin-dashboard';
import { type AdminReport, previousRange, reportPeriodRange, reportQuerySchema } from '#domain/reports/admin-report';
import { dashboardQuerySchema, periodRange } from '#domain/reports/dashboard-period';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { type PeriodBounds, reportRepository } from '../repositories/report-repository';
import { errorResponse, plainJson } from './schemas';

const share = z.object({ name: z.string(), value: z.number(), percentage: z.number() });
const dashboardResponse = z.object({
  period: z.string(),
  view: z.string(),
  from: z.string().describe('Start of the period, inclusive'),
  to: z.string().describe('End of the period (the time of the request), exclusive'),
  generatedAt: z.string(),
  summary: z.object({
    totalUsers: z.number(),
    newUsers: z.number(),
    activeRequests: z.number(),
    requestsReceived: z.number(),
    inventoryItems: z.number(),
    lowStockShops: z.number(),
    health: z.object({ isOperational: z.boolean(), checks: z.array(z.object({ id: z.string(), label: z.string(), isOk: z.boolean(), detail: z.string() })) }),
  }),
  monthly: z.array(z.object({ month: z.string(), users: z.number(), requests: z.number() })),
  plateTypes: z.array(share),
  userStatuses: z.array(share),
  inventoryByType: z.array(share),
  activity: z.array(z.object({ id: z.string(), action: z.string(), user: z.string(), at: z.string(), type: z.string() })),
  logs: z.array(z.object({ id: z.string(), level: z.string(), message: z.string(), module: z.string(), at: z.string() })),
});

const reportResponse = dashboardResponse.omit({ view: true, monthly: true }).extend({
  type: z.string(),
  monthly: z.array(z.object({ month: z.string(), users: z.number(), requests: z.number(), inventory: z.number() })),
  previous: z
    .object({ from: z.string(), to: z.string(), newUsers: z.number(), requestsReceived: z.number(), activeRequests: z.number(), inventoryItems: z.number() })
    .describe('The same figures for the period of the same length just before'),
});

/** Every dashboard figure for the bounds; the dashboard and the reports both answer with these. */
async function dashboardFigures(db: Database, bounds: PeriodBounds): Promise<Omit<AdminDashboard, 'period' | 'view'>> {
  const reports = reportRepository(db);
  const [users, requests, inventory, monthly, plateTypes, userStatuses, activity, logs, checks] = await Promise.all([
    reports.userCounts(bounds),
    reports.requestCounts(bounds),
    reports.inventory(bounds),
    reports.monthly(bounds),
    reports.plateTypes(bounds),
    reports.userStatuses(bounds),
    reports.recentActivity(bounds),
    reports.systemLogs(bounds),
    reports.healthChecks(bounds),
  ]);
  return {
    from: bounds.from.toISOString(),
    to: bounds.to.toISOString(),
    generatedAt: bounds.to.toISOString(),
    summary: {
      totalUsers: users.total,
      newUsers: users.added,
      activeRequests: requests.active,
      requestsReceived: requests.received,
      inventoryItems: inventory.byType.reduce((sum, row) => sum + row.value, 0),
      lowStockShops: inventory.lowStockShops,
      health: { isOperational: checks.every((check) => check.isOk), checks },
    },
    monthly,
    plateTypes: toShares(plateTypes),
    userStatuses: toShares(userStatuses),
    inventoryByType: toShares(inventory.byType),
    activity,
    logs,
  };
}

export const reportRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'reports:read' },
      schema: {
        tags: ['reports'],
        summary: 'The System Dashboard for a period: summary, monthly trends, plate types, user statuses, recent activity and system logs',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponse, 400: errorResponse },
      },
      serializerCompiler: plainJson,
    },
    async (request): Promise<AdminDashboard> => {
      const { period, view } = request.query;
      return { period, view, ...(await dashboardFigures(db, periodRange(period, now()))) };
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'reports:read' },
      schema: {
        tags: ['reports'],
        summary: 'A report for a period of up to a year: the dashboard figures, stock per month, and the previous period of the same length',
        querystring: reportQuerySchema,
        response: { 200: reportResponse, 400: errorResponse },
      },
      serializerCompiler: plainJson,
    },
    async (request): Promise<AdminReport> => {
      const { period, type } = request.query;
      const bounds = reportPeriodRange(period, now());
      const before = previousRange(bounds);
      const reports = reportRepository(db);
      const [figures, stock, users, requests, inventory] = await Promise.all([
        dashboardFigures(db, bounds),
        reports.monthlyInventory(bounds),
        reports.userCounts(before),
        reports.requestCounts(before),
        reports.inventory(before),
      ]);
      return {
        ...figures,
        period,
        type,
        monthly: figures.monthly.map((row) => ({ ...row, inventory: stock.find((month) => month.month === row.month)?.inventory ?? 0 })),
        previous: {
          from: before.from.toISOString(),
          to: before.to.toISOString(),
          newUsers: users.added,
          requestsReceived: requests.received,
          activeRequests: requests.active,
          inventoryItems: inventory.byType.reduce((sum, row) => sum + row.value, 0),
        },
      };
    },
  );
};
