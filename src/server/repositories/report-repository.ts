/**
 * The System Dashboard's figures, each one aggregate query over the period [from, to).
 * Months are Lusaka's (generate_series, so a month with nothing in it reads 0); stock is
 * dated by the day it was received, so a period covers the calendar days after from's
 * day up to and including to's day. What each figure counts: docs/admin-dashboard.md.
 */
import { DASHBOARD_TIME_ZONE } from '#domain/reports/dashboard-period';
import {
  type ActivityRow,
  activityType,
  type HealthCheck,
  LOW_STOCK_THRESHOLD,
  type LogLevel,
  type LogRow,
  MESSAGE_BACKLOG_LIMIT_MINUTES,
  type MonthlyTrend,
  PAYMENT_WAIT_LIMIT_HOURS,
  RECENT_ACTIVITY_LIMIT,
  SYSTEM_LOG_LIMIT,
} from '#domain/reports/admin-dashboard';
import { INVENTORY_PLATE_TYPES, USER_STATUSES } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';

export interface PeriodBounds {
  from: Date;
  to: Date;
}

/** Audited actions too frequent or too technical for the activity list (sign-ins, the test clock). */
const QUIET_PREFIXES = ['auth', 'test'];

const iso = (value: Date | string) => new Date(value).toISOString();
const count = (value: unknown) => Number(value ?? 0);

/** In the spec's order first (statuses, plate types), then any other value by name. */
function ordered<Row extends { name: string }>(rows: readonly Row[], order: readonly string[]): Row[] {
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...rows].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

export function reportRepository(db: Queryable) {
  return {
    async userCounts({ from, to }: PeriodBounds): Promise<{ total: number; added: number }> {
      const [row] = await db.query<{ total: string; added: string }>(
        `SELECT count(*) FILTER (WHERE created_at < $2::timestamptz) AS total,
                count(*) FILTER (WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz) AS added
           FROM users`,
        [iso(from), iso(to)],
      );
      return { total: count(row?.total), added: count(row?.added) };
    },

    /** Requests received in the period, and those of them not yet decided (Pending or Under Review). */
    async requestCounts({ from, to }: PeriodBounds): Promise<{ received: number; active: number }> {
      const [row] = await db.query<{ received: string; active: string }>(
        `SELECT count(*) AS received, count(*) FILTER (WHERE status IN ('Pending', 'Under Review')) AS active
           FROM plate_requests WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz`,
        [iso(from), iso(to)],
      );
      return { received: count(row?.received), active: count(row?.active) };
    },

    /** Stock plate makers received in the period, by item type; and how many plate makers received fewer blanks than the threshold. */
    async inventory({ from, to }: PeriodBounds): Promise<{ byType: { name: string; value: number }[]; lowStockShops: number }> {
      const inPeriod = `received_date > ($1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date AND received_date <= ($2::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date`;
      const byType = await db.query<{ name: string; value: string }>(
        `SELECT item_type AS name, sum(quantity) AS value FROM agent_inventory_items WHERE ${inPeriod} GROUP BY item_type`,
        [iso(from), iso(to)],
      );
      const [low] = await db.query<{ shops: string }>(
        `SELECT count(*) AS shops FROM user_roles shop
          WHERE shop.role = 'agent'
            AND (SELECT coalesce(sum(quantity), 0) FROM agent_inventory_items
                  WHERE agent_id = shop.user_id AND item_type = 'Plate Blanks' AND ${inPeriod}) < $3`,
        [iso(from), iso(to), LOW_STOCK_THRESHOLD],
      );
      return { byType: byType.map((row) => ({ name: row.name, value: count(row.value) })).sort((a, b) => a.name.localeCompare(b.name)), lowStockShops: count(low?.shops) };
    },

    /** New accounts and requests received, per Lusaka month the period touches; a month with none reads 0. */
    async monthly({ from, to }: PeriodBounds): Promise<MonthlyTrend[]> {
      const rows = await db.query<{ month: string; users: string; requests: string }>(
        `WITH months AS (
           SELECT m FROM generate_series(
             date_trunc('month', $1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
             date_trunc('month', ($2::timestamptz - interval '1 millisecond') AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
             interval '1 month') AS m
         ),
         new_users AS (
           SELECT date_trunc('month', created_at AT TIME ZONE '${DASHBOARD_TIME_ZONE}') AS m, count(*) AS n
             FROM users WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1
         ),
         requests AS (
           SELECT date_trunc('month', created_at AT TIME ZONE '${DASHBOARD_TIME_ZONE}') AS m, count(*) AS n
             FROM plate_requests WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY 1
         )
         SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(new_users.n, 0) AS users, coalesce(requests.n, 0) AS requests
           FROM months LEFT JOIN new_users USING (m) LEFT JOIN requests USING (m)
          ORDER BY months.m`,
        [iso(from), iso(to)],
      );
      return rows.map((row) => ({ month: row.month, users: count(row.users), requests: count(row.requests) }));
    },

    /** Stock plate makers received per Lusaka month of the period (by received day, as inventory() counts it); a month with none reads 0. */
    async monthlyInventory({ from, to }: PeriodBounds): Promise<{ month: string; inventory: number }[]> {
      const rows = await db.query<{ month: string; inventory: string }>(
        `WITH months AS (
           SELECT m FROM generate_series(
             date_trunc('month', $1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
             date_trunc('month', ($2::timestamptz - interval '1 millisecond') AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
             interval '1 month') AS m
         ),
         stock AS (
           SELECT date_trunc('month', received_date::timestamp) AS m, sum(quantity) AS n FROM agent_inventory_items
            WHERE received_date > ($1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date AND received_date <= ($2::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date
            GROUP BY 1
         )
         SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(stock.n, 0) AS inventory FROM months LEFT JOIN stock USING (m) ORDER BY months.m`,
        [iso(from), iso(to)],
      );
      return rows.map((row) => ({ month: row.month, inventory: count(row.inventory) }));
    },

    /** Plates asked for in the requests received in the period, by plate type. */
    async plateTypes({ from, to }: PeriodBounds): Promise<{ name: string; value: number }[]> {
      const rows = await db.query<{ name: string; value: string }>(
        `SELECT plate_type AS name, sum(quantity) AS value FROM plate_requests
          WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz GROUP BY plate_type`,
        [iso(from), iso(to)],
      );
      return ordered(
        rows.map((row) => ({ name: row.name, value: count(row.value) })),
        INVENTORY_PLATE_TYPES,
      );
    },

    /** Accounts that existed at the period's end, by their status now (statuses keep no history). */
    async userStatuses({ to }: PeriodBounds): Promise<{ name: string; value: number }[]> {
      const rows = await db.query<{ name: string; value: string }>('SELECT status AS name, count(*) AS value FROM users WHERE created_at < $1::timestamptz GROUP BY status', [iso(to)]);
      return ordered(
        rows.map((row) => ({ name: row.name, value: count(row.value) })),
        ['Active', 'Pending', 'Suspended', 'Inactive'].filter((status) => (USER_STATUSES as readonly string[]).includes(status)),
      );
    },

    /** The newest audited events of the period (not sign-ins) and stock received, with who did them. */
    async recentActivity({ from, to }: PeriodBounds): Promise<ActivityRow[]> {
      const rows = await db.query<{ id: string; action: string; target: string | null; outcome: string; actor: string | null; at: Date; kind: 'audit' | 'stock'; quantity: number | null }>(
        `(SELECT 'audit-' || a.id AS id, a.action, a.target, a.outcome, u.name AS actor, a.at, 'audit' AS kind, NULL::integer AS quantity
            FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
           WHERE a.at >= $1::timestamptz AND a.at < $2::timestamptz AND split_part(a.action, '.', 1) <> ALL ($3::text[])
           ORDER BY a.at DESC, a.id DESC LIMIT $4)
         UNION ALL
         (SELECT 'stock-' || i.id, i.item_type, i.batch_number, 'success', u.name, i.created_at, 'stock', i.quantity
            FROM agent_inventory_items i LEFT JOIN users u ON u.id = i.agent_id
           WHERE i.created_at >= $1::timestamptz AND i.created_at < $2::timestamptz
           ORDER BY i.created_at DESC LIMIT $4)
         ORDER BY at DESC, id DESC LIMIT $4`,
        [iso(from), iso(to), QUIET_PREFIXES, RECENT_ACTIVITY_LIMIT],
      );
      return rows.map((row) =>
        row.kind === 'stock'
          ? { id: row.id, action: `${row.action} received: ${row.quantity ?? 0} (batch ${row.target ?? ''})`, user: row.actor ?? 'A former plate maker', at: iso(row.at), type: 'inventory' }
          : {
              id: row.id,
              action: `${row.action}${row.target ? ` ${row.target}` : ''}${row.outcome === 'failure' ? ' (refused)' : ''}`,
              user: row.actor ?? 'System',
              at: iso(row.at),
              type: activityType(row.action),
            },
      );
    },

    /**
     * The period's log, newest first: what the server recorded as faults (system_logs),
     * changes it refused from devices and payments that were declined or lapsed (WARNING),
     * audited actions that failed (WARNING) and administrators' audited actions (INFO).
     */
    async systemLogs({ from, to }: PeriodBounds): Promise<LogRow[]> {
      const rows = await db.query<{ id: string; level: LogLevel; module: string; message: string; at: Date }>(
        `SELECT * FROM (
           (SELECT 'log-' || id AS id, level, module, message, at FROM system_logs
             WHERE at >= $1::timestamptz AND at < $2::timestamptz ORDER BY at DESC LIMIT $3)
           UNION ALL
           (SELECT 'mutation-' || id, 'WARNING', 'sync', 'Change refused (' || intent || '): ' || coalesce(answer->>'message', 'no reason given'), applied_at FROM applied_mutations
             WHERE outcome = 'rejected' AND applied_at >= $1::timestamptz AND applied_at < $2::timestamptz ORDER BY applied_at DESC LIMIT $3)
           UNION ALL
           (SELECT 'payment-' || id, 'WARNING', 'payments',
                   'Payment ' || number || ' (' || method || ') ' || replace(status, '_', ' ') || coalesce(': ' || decline_reason, ''),
                   coalesce(settled_at, expires_at) FROM payments
             WHERE status IN ('declined', 'timed_out') AND coalesce(settled_at, expires_at) >= $1::timestamptz AND coalesce(settled_at, expires_at) < $2::timestamptz
             ORDER BY coalesce(settled_at, expires_at) DESC LIMIT $3)
           UNION ALL
           (SELECT 'audit-' || a.id,
                   CASE WHEN a.outcome = 'failure' THEN 'WARNING' ELSE 'INFO' END,
                   split_part(a.action, '.', 1),
                   CASE WHEN a.outcome = 'failure'
                        THEN a.action || ' refused' || coalesce(' for ' || a.target, '') || coalesce(': ' || coalesce(a.detail->>'refusal', a.detail->>'reason'), '')
                        ELSE coalesce(u.name, 'An administrator') || ': ' || a.action || coalesce(' ' || a.target, '') END,
                   a.at
              FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
             WHERE a.at >= $1::timestamptz AND a.at < $2::timestamptz
               AND (a.outcome = 'failure' OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = a.actor_id AND r.role = 'admin'))
             ORDER BY a.at DESC, a.id DESC LIMIT $3)
         ) AS logs
         ORDER BY at DESC, id DESC LIMIT $3`,
        [iso(from), iso(to), SYSTEM_LOG_LIMIT],
      );
      return rows.map((row) => ({ id: row.id, level: row.level, module: row.module, message: row.message, at: iso(row.at) }));
    },

    /** Real checks: the database answers, messages are not stuck, payments are not left waiting, no server errors in the period. */
    async healthChecks({ from, to }: PeriodBounds): Promise<HealthCheck[]> {
      const [probe] = await db.query<{ ok: number }>('SELECT 1 AS ok');
      const [row] = await db.query<{ stuck_messages: string; waiting_payments: string; errors: string }>(
        `SELECT
           (SELECT count(*) FROM message_outbox
             WHERE status = 'queued' AND coalesce(next_attempt_at, created_at) < $2::timestamptz - make_interval(mins => $3)) AS stuck_messages,
           (SELECT count(*) FROM payments
             WHERE status = 'pending' AND created_at < $2::timestamptz - make_interval(hours => $4)
               AND (expires_at IS NULL OR expires_at > $2::timestamptz)) AS waiting_payments,
           (SELECT count(*) FROM system_logs WHERE level = 'ERROR' AND at >= $1::timestamptz AND at < $2::timestamptz) AS errors`,
        [iso(from), iso(to), MESSAGE_BACKLOG_LIMIT_MINUTES, PAYMENT_WAIT_LIMIT_HOURS],
      );
      const stuck = count(row?.stuck_messages);
      const waiting = count(row?.waiting_payments);
      const errors = count(row?.errors);
      const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      return [
        { id: 'database', label: 'Database reachable', isOk: probe?.ok === 1, detail: probe?.ok === 1 ? 'The database answered' : 'The database did not answer' },
        {
          id: 'messages',
          label: 'Message backlog',
          isOk: stuck === 0,
          detail: stuck === 0 ? 'No SMS or email waiting' : `${plural(stuck, 'message', 'messages')} waiting more than ${MESSAGE_BACKLOG_LIMIT_MINUTES} minutes`,
        },
        {
          id: 'payments',
          label: 'Payments waiting',
          isOk: waiting === 0,
          detail: waiting === 0 ? `No payment pending more than ${PAYMENT_WAIT_LIMIT_HOURS} hours` : `${plural(waiting, 'payment', 'payments')} pending more than ${PAYMENT_WAIT_LIMIT_HOURS} hours`,
        },
        { id: 'errors', label: 'Server errors in the period', isOk: errors === 0, detail: errors === 0 ? 'No server errors' : plural(errors, 'server error', 'server errors') },
      ];
    },

    /** Records a fault for the dashboard's logs (a request that failed on the server's side, say). */
    async recordLog(entry: { level: LogLevel; module: string; message: string; at: Date }): Promise<void> {
      await db.query('INSERT INTO system_logs (level, module, message, at) VALUES ($1, $2, $3, $4)', [entry.level, entry.module, entry.message.slice(0, 500), iso(entry.at)]);
    },
  };
}
