// The System Dashboard's and the reports' answers (GET /api/admin/dashboard and
// /api/admin/reports): the domain's AdminDashboard and AdminReport, which the schemas are
// checked against. The routes write them with plainJson(), so the schemas document them.
import { z } from 'zod';
import { ACTIVITY_TYPES, type AdminDashboard, LOG_LEVELS } from '../reports/admin-dashboard';
import { type AdminReport, REPORT_PERIOD_IDS } from '../reports/admin-report';
import { DASHBOARD_PERIOD_IDS } from '../reports/dashboard-period';
import { ADMIN_DASHBOARD_VIEWS, REPORT_TYPES } from '../statuses/statuses';

const share = z.object({ name: z.string(), value: z.number(), percentage: z.number() });

const dashboardFigures = z.object({
  from: z.string().describe('Start of the period, inclusive'),
  to: z.string().describe('End of the period (the time of the request), exclusive'),
  generatedAt: z.string(),
  summary: z.object({
    totalUsers: z.number(),
    newUsers: z.number(),
    activeRequests: z.number(),
    requestsReceived: z.number(),
    inventoryItems: z.number(),
    lowStockAllocations: z.number(),
    health: z.object({
      isOperational: z.boolean(),
      checks: z.array(
        z.object({
          id: z.enum(['database', 'messages', 'payments', 'errors', 'integrity']),
          label: z.string(),
          isOk: z.boolean(),
          detail: z.string(),
        }),
      ),
    }),
  }),
  plateTypes: z.array(share),
  userStatuses: z.array(share),
  inventoryByType: z.array(share),
  activity: z.array(
    z.object({ id: z.string(), action: z.string(), user: z.string(), at: z.string(), type: z.enum(ACTIVITY_TYPES) }),
  ),
  logs: z.array(
    z.object({ id: z.string(), level: z.enum(LOG_LEVELS), message: z.string(), module: z.string(), at: z.string() }),
  ),
});

export const dashboardAnswer = dashboardFigures.extend({
  period: z.enum(DASHBOARD_PERIOD_IDS),
  view: z.enum(ADMIN_DASHBOARD_VIEWS),
  monthly: z.array(z.object({ month: z.string(), users: z.number(), requests: z.number() })),
}) satisfies z.ZodType<AdminDashboard>;

export const reportAnswer = dashboardFigures.extend({
  period: z.enum(REPORT_PERIOD_IDS),
  type: z.enum(REPORT_TYPES),
  monthly: z.array(z.object({ month: z.string(), users: z.number(), requests: z.number(), inventory: z.number() })),
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      newUsers: z.number(),
      requestsReceived: z.number(),
      activeRequests: z.number(),
      inventoryItems: z.number(),
    })
    .describe('The same figures for the period of the same length just before'),
  refunds: z
    .object({ made: z.number(), amount: z.number(), pending: z.number(), failed: z.number() })
    .optional()
    .describe('Refunds made (refunded) in the period and how much (ngwee); pending and failed ones open at its end'),
}) satisfies z.ZodType<AdminReport>;
