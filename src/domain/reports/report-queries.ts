// The administrator's dashboard and report queries as the API takes them (zod): apart from
// the periods and reports themselves so that the screens that show them need no zod.
import { z } from 'zod';
import {
  ADMIN_DASHBOARD_VIEWS,
  DEFAULT_ADMIN_DASHBOARD_VIEW,
  DEFAULT_DASHBOARD_PERIOD,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  REPORT_TYPES,
} from '../statuses/statuses';
import { REPORT_PERIOD_IDS, REPORT_PERIOD_INVALID, REPORT_TYPE_INVALID } from './admin-report';
import { DASHBOARD_PERIOD_IDS, PERIOD_INVALID, VIEW_INVALID } from './dashboard-period';

/** The dashboard's query (GET /api/admin/dashboard): both optional, with the spec's defaults. */
export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIOD_IDS, { error: PERIOD_INVALID }).default(DEFAULT_DASHBOARD_PERIOD),
  view: z.enum(ADMIN_DASHBOARD_VIEWS, { error: VIEW_INVALID }).default(DEFAULT_ADMIN_DASHBOARD_VIEW),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The report's query (GET /api/admin/reports): both optional, with the spec's defaults. */
export const reportQuerySchema = z.object({
  period: z.enum(REPORT_PERIOD_IDS, { error: REPORT_PERIOD_INVALID }).default(DEFAULT_REPORT_PERIOD),
  type: z.enum(REPORT_TYPES, { error: REPORT_TYPE_INVALID }).default(DEFAULT_REPORT_TYPE),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
