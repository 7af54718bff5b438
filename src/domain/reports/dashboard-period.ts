/**
 * The System Dashboard's periods and views (spec: "Admin: System Dashboard"), and the
 * exact instants a period covers. A period is the half-open interval [from, to) that
 * ends at `now`: last7days and last30days are that many whole days of 24 hours back,
 * last3months is three calendar months back (the day clamped to the month's last,
 * so 31 May goes back to 28 or 29 February). Months are read in Zambia's time.
 */
import {
  ADMIN_DASHBOARD_VIEWS,
  type AdminDashboardView,
  DASHBOARD_PERIODS,
  type DashboardPeriodId,
  DEFAULT_ADMIN_DASHBOARD_VIEW,
  DEFAULT_DASHBOARD_PERIOD,
} from '../statuses/statuses';

// The periods, views and defaults are the spec's, kept with the other statuses; here their ids for validation.
export {
  ADMIN_DASHBOARD_VIEWS,
  DEFAULT_ADMIN_DASHBOARD_VIEW,
  DEFAULT_DASHBOARD_PERIOD,
  type AdminDashboardView,
  type DashboardPeriodId,
};
export const DASHBOARD_PERIOD_IDS: readonly DashboardPeriodId[] = DASHBOARD_PERIODS.map((period) => period.id);

/** 'Last 30 Days' for last30days: the spec's words for a period. */
export function periodLabel(id: DashboardPeriodId): string {
  return DASHBOARD_PERIODS.find((period) => period.id === id)?.label ?? id;
}
export const VIEW_LABELS: Record<AdminDashboardView, string> = {
  overview: 'Overview',
  users: 'Users',
  requests: 'Requests',
  inventory: 'Inventory',
};

/** Zambia keeps Central Africa Time all year (UTC+2, no daylight saving): the dashboard's months are Lusaka's. */
export const DASHBOARD_TIME_ZONE = 'Africa/Lusaka';

export const PERIOD_INVALID = `Choose a period: ${DASHBOARD_PERIOD_IDS.join(', ')}.`;
export const VIEW_INVALID = `Choose a view: ${ADMIN_DASHBOARD_VIEWS.join(', ')}.`;

const DAY_MS = 24 * 3600 * 1000;

/** Three calendar months before `now`, at the same time of day; the day clamped to the target month's length. */
function threeMonthsBefore(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - 3;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const from = new Date(now.getTime());
  from.setUTCDate(1);
  from.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return from;
}

/** The instants the period covers: from inclusive, to (= now) exclusive. */
export function periodRange(period: DashboardPeriodId, now: Date): { from: Date; to: Date } {
  const to = new Date(now.getTime());
  switch (period) {
    case 'last7days':
      return { from: new Date(to.getTime() - 7 * DAY_MS), to };
    case 'last30days':
      return { from: new Date(to.getTime() - 30 * DAY_MS), to };
    case 'last3months':
      return { from: threeMonthsBefore(to), to };
  }
}
