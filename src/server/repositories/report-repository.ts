/**
 * The System Dashboard's figures, aggregate queries over the period [from, to): one pass
 * over the accounts and one over the requests give each table's counts, shares and months,
 * so a report over a year of 100,000 accounts stays within its time (docs/performance.md).
 * Months are Lusaka's (generate_series, so a month with nothing in it reads 0); stock is
 * dated by the day it was received, so a period covers the calendar days after from's
 * day up to and including to's day. What each figure counts: docs/admin-dashboard.md.
 */
import { PAYMENT_REFERENCE_PREFIX } from '#domain/payments/reference';
import { PAYMENT_METHODS } from '#domain/pricing/pricing';
import { activityText } from '#domain/reports/activity-text';
import { DASHBOARD_TIME_ZONE } from '#domain/reports/dashboard-period';
import {
  type ActivityRow,
  activityType,
  type HealthCheck,
  type LogLevel,
  type LogRow,
  MESSAGE_BACKLOG_LIMIT_MINUTES,
  PAYMENT_WAIT_LIMIT_HOURS,
  RECENT_ACTIVITY_LIMIT,
  SYSTEM_LOG_LIMIT,
} from '#domain/reports/admin-dashboard';
import type { UserExportRow } from '#domain/reports/report-exports';
import { INVENTORY_PLATE_TYPES, USER_STATUSES } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';
import { allocationRepository } from './allocation-repository';
import { settingsRepository } from './settings-repository';

/** A payment's method by the name people know it by ('MTN Mobile Money'), in SQL, from the one list of methods. */
const METHOD_NAME = `CASE method ${PAYMENT_METHODS.map(({ id, name }) => `WHEN '${id}' THEN '${name}'`).join(' ')} ELSE method END`;

export interface PeriodBounds {
  from: Date;
  to: Date;
}

/** Where a page of the log ended: the last row's instant as PostgreSQL writes it, and its id. */
export interface LogCursor {
  at: string;
  id: string;
}
/** Where a page of accounts ended. */
export interface UserCursor {
  createdAt: string;
  id: string;
}

/**
 * The Lusaka months a period [$1, $2) touches: their first instants (starts, for
 * width_bucket, which finds a row's month by binary search rather than converting every
 * row's time) and their YYYY-MM labels, oldest first. A month with no rows still has a label.
 */
const MONTHS = `months AS (
  SELECT array_agg(m AT TIME ZONE '${DASHBOARD_TIME_ZONE}' ORDER BY m) AS starts, array_agg(to_char(m, 'YYYY-MM') ORDER BY m) AS labels
    FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
                         date_trunc('month', ($2::timestamptz - interval '1 millisecond') AT TIME ZONE '${DASHBOARD_TIME_ZONE}'),
                         interval '1 month') AS m)`;

/** Audited actions too frequent or too technical for the activity list (sign-ins, the test clock). */
const QUIET_PREFIXES = ['auth', 'test'];

/** What an audited action was about, as people know it: a claim's, policy's or payment's number before the row id. */
/** What an audited event is about, as people know it; an order by both its references (LP-000009 / REQ-009). */
const SUBJECT =
  "coalesce(a.detail->>'claimNumber', a.detail->>'policyNumber', a.detail->>'references', a.detail->>'reference', a.target)";

const iso = (value: Date | string) => new Date(value).toISOString();
const count = (value: unknown) => Number(value ?? 0);

/** In the spec's order first (statuses, plate types), then any other value by name. */
function ordered<Row extends { name: string }>(rows: readonly Row[], order: readonly string[]): Row[] {
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...rows].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

export function reportRepository(db: Queryable) {
  /**
   * One page of the period's log in the order systemLogs shows it (at, then id, both
   * descending), the rows after `after` (the last row of the previous page). Each source
   * reads at most `limit` rows from its own index on time, so a page costs the same
   * however deep into the log it is (administrators are one hashed set, not a lookup per
   * audited row); `after.at` is PostgreSQL's own text of the instant,
   * which keeps its microseconds (a JavaScript Date would round them and skip rows).
   */
  async function logPage(
    { from, to }: PeriodBounds,
    after: LogCursor | null,
    limit: number,
  ): Promise<{ log: LogRow; cursor: LogCursor }[]> {
    const below = (at: string, id: string) =>
      `${at} < $2::timestamptz AND ${at} <= coalesce($4::timestamptz, $2::timestamptz) AND ($4::timestamptz IS NULL OR ${at} < $4::timestamptz OR ${id} < $5)`;
    // Audited rows come with their parts (action, subject, who, why), worded in activityText.
    const rows = await db.query<{
      id: string;
      level: LogLevel;
      module: string;
      message: string;
      at: Date;
      at_text: string;
      action: string | null;
      subject: string | null;
      actor: string | null;
      reason: string | null;
    }>(
      `SELECT *, at::text AS at_text FROM (
         (SELECT 'log-' || id AS id, level, module, message, at, NULL AS action, NULL AS subject, NULL AS actor, NULL AS reason FROM system_logs
           WHERE at >= $1::timestamptz AND ${below('at', "'log-' || id")} ORDER BY at DESC, 'log-' || id DESC LIMIT $3)
         UNION ALL
         (SELECT 'mutation-' || id, 'WARNING', 'sync', 'Change refused (' || intent || '): ' || coalesce(answer->>'message', 'no reason given'), applied_at, NULL, NULL, NULL, NULL FROM applied_mutations
           WHERE outcome = 'rejected' AND applied_at >= $1::timestamptz AND ${below('applied_at', "'mutation-' || id")} ORDER BY applied_at DESC, 'mutation-' || id DESC LIMIT $3)
         UNION ALL
         (SELECT 'payment-' || id, 'WARNING', 'payments',
                 'Payment ${PAYMENT_REFERENCE_PREFIX}' || lpad(number::text, greatest(6, length(number::text)), '0')
                   || ' (' || ${METHOD_NAME} || ') ' || replace(status, '_', ' ') || coalesce(': ' || decline_reason, ''),
                 coalesce(settled_at, expires_at), NULL, NULL, NULL, NULL FROM payments
           WHERE status IN ('declined', 'timed_out') AND coalesce(settled_at, expires_at) >= $1::timestamptz AND ${below('coalesce(settled_at, expires_at)', "'payment-' || id")}
           ORDER BY coalesce(settled_at, expires_at) DESC, 'payment-' || id DESC LIMIT $3)
         UNION ALL
         (SELECT 'audit-' || a.id,
                 CASE WHEN a.outcome = 'failure' THEN 'WARNING' ELSE 'INFO' END,
                 split_part(a.action, '.', 1),
                 '',
                 a.at, a.action, ${SUBJECT}, u.name, CASE WHEN a.outcome = 'failure' THEN coalesce(a.detail->>'refusal', a.detail->>'reason') END
            FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
           WHERE a.at >= $1::timestamptz AND ${below('a.at', "'audit-' || a.id")}
             AND (a.outcome = 'failure' OR a.actor_id IN (SELECT user_id FROM user_roles WHERE role = 'admin'))
           ORDER BY a.at DESC, 'audit-' || a.id DESC LIMIT $3)
       ) AS logs
       ORDER BY at DESC, id DESC LIMIT $3`,
      [iso(from), iso(to), limit, after?.at ?? null, after?.id ?? null],
    );
    return rows.map((row) => ({
      log: {
        id: row.id,
        level: row.level,
        module: row.module,
        message:
          row.action === null
            ? row.message
            : row.level === 'WARNING'
              ? activityText({ action: row.action, subject: row.subject, outcome: 'failure', reason: row.reason })
              : `${row.actor ?? 'An administrator'}: ${activityText({ action: row.action, subject: row.subject, outcome: 'success' })}`,
        at: iso(row.at),
      },
      cursor: { at: row.at_text, id: row.id },
    }));
  }

  return {
    /**
     * The accounts' figures in one pass over the accounts: every account that existed at
     * the period's end by its status now (statuses keep no history), those created in the
     * period per Lusaka month, and those created in `previous` (the report's comparison).
     */
    async userFigures(
      { from, to }: PeriodBounds,
      previous: PeriodBounds | null,
    ): Promise<{
      total: number;
      added: number;
      addedBefore: number;
      statuses: { name: string; value: number }[];
      monthly: Map<string, number>;
    }> {
      const rows = await db.query<{ status: string; month: string | null; n: string; before_n: string }>(
        `WITH ${MONTHS}
         SELECT u.status, CASE WHEN u.created_at >= $1::timestamptz THEN months.labels[width_bucket(u.created_at, months.starts)] END AS month,
                count(*) AS n, count(*) FILTER (WHERE u.created_at >= $3::timestamptz AND u.created_at < $4::timestamptz) AS before_n
           FROM users u CROSS JOIN months
          WHERE u.created_at < $2::timestamptz
          GROUP BY 1, 2`,
        [iso(from), iso(to), previous ? iso(previous.from) : null, previous ? iso(previous.to) : null],
      );
      const statuses = new Map<string, number>();
      const monthly = new Map<string, number>();
      let added = 0;
      let addedBefore = 0;
      for (const row of rows) {
        statuses.set(row.status, (statuses.get(row.status) ?? 0) + count(row.n));
        addedBefore += count(row.before_n);
        if (row.month === null) continue;
        added += count(row.n);
        monthly.set(row.month, (monthly.get(row.month) ?? 0) + count(row.n));
      }
      return {
        total: [...statuses.values()].reduce((sum, value) => sum + value, 0),
        added,
        addedBefore,
        statuses: ordered(
          [...statuses].map(([name, value]) => ({ name, value })),
          ['Active', 'Pending', 'Suspended', 'Inactive'].filter((status) =>
            (USER_STATUSES as readonly string[]).includes(status),
          ),
        ),
        monthly,
      };
    },

    /**
     * The requests received in the period in one pass: how many, those of them not yet
     * decided (Pending or Under Review, the Active Requests), per Lusaka month, and the
     * plates they ask for by plate type.
     */
    async requestFigures({ from, to }: PeriodBounds): Promise<{
      received: number;
      active: number;
      monthly: Map<string, number>;
      plateTypes: { name: string; value: number }[];
    }> {
      const rows = await db.query<{ plate_type: string; month: string; n: string; active: string; plates: string }>(
        `WITH ${MONTHS}
         SELECT r.plate_type, months.labels[width_bucket(r.created_at, months.starts)] AS month,
                count(*) AS n, count(*) FILTER (WHERE r.status IN ('Pending', 'Under Review')) AS active, sum(r.quantity) AS plates
           FROM plate_requests r CROSS JOIN months
          WHERE r.created_at >= $1::timestamptz AND r.created_at < $2::timestamptz
          GROUP BY 1, 2`,
        [iso(from), iso(to)],
      );
      const monthly = new Map<string, number>();
      const plates = new Map<string, number>();
      let received = 0;
      let active = 0;
      for (const row of rows) {
        received += count(row.n);
        active += count(row.active);
        monthly.set(row.month, (monthly.get(row.month) ?? 0) + count(row.n));
        plates.set(row.plate_type, (plates.get(row.plate_type) ?? 0) + count(row.plates));
      }
      return {
        received,
        active,
        monthly,
        plateTypes: ordered(
          [...plates].map(([name, value]) => ({ name, value })),
          INVENTORY_PLATE_TYPES,
        ),
      };
    },

    /** Requests received in the period, and those of them not yet decided (the report's previous period). */
    async requestCounts({ from, to }: PeriodBounds): Promise<{ received: number; active: number }> {
      const [row] = await db.query<{ received: string; active: string }>(
        `SELECT count(*) AS received, count(*) FILTER (WHERE status IN ('Pending', 'Under Review')) AS active
           FROM plate_requests WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz`,
        [iso(from), iso(to)],
      );
      return { received: count(row?.received), active: count(row?.active) };
    },

    /** The Lusaka months the period touches, YYYY-MM, oldest first. */
    async months({ from, to }: PeriodBounds): Promise<string[]> {
      const [row] = await db.query<{ labels: string[] }>(`WITH ${MONTHS} SELECT labels FROM months`, [
        iso(from),
        iso(to),
      ]);
      return row?.labels ?? [];
    },

    /** Stock plate makers received in the period, by item type; and how many allocations are low on stock now (Inventory Management's rule). */
    async inventory({
      from,
      to,
    }: PeriodBounds): Promise<{ byType: { name: string; value: number }[]; lowStockAllocations: number }> {
      const inPeriod = `received_date > ($1::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date AND received_date <= ($2::timestamptz AT TIME ZONE '${DASHBOARD_TIME_ZONE}')::date`;
      const byType = await db.query<{ name: string; value: string }>(
        `SELECT item_type AS name, sum(quantity) AS value FROM agent_inventory_items WHERE ${inPeriod} GROUP BY item_type`,
        [iso(from), iso(to)],
      );
      // Allocations low on stock now (Low Stock, Critical or Out of Stock), as Inventory Management shows them.
      const { settings: thresholds } = await settingsRepository(db).stockThresholds();
      const lowStockAllocations = (await allocationRepository(db).balances(thresholds)).filter(
        (balance) => balance.status !== 'In Stock',
      ).length;
      return {
        byType: byType
          .map((row) => ({ name: row.name, value: count(row.value) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        lowStockAllocations,
      };
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

    /** The newest audited events of the period (not sign-ins) and stock received, with who did them. */
    async recentActivity({ from, to }: PeriodBounds): Promise<ActivityRow[]> {
      const rows = await db.query<{
        id: string;
        action: string;
        target: string | null;
        outcome: string;
        actor: string | null;
        at: Date;
        kind: 'audit' | 'stock';
        quantity: number | null;
      }>(
        `(SELECT 'audit-' || a.id AS id, a.action, ${SUBJECT} AS target, a.outcome, u.name AS actor, a.at, 'audit' AS kind, NULL::integer AS quantity
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
          ? {
              id: row.id,
              action: `${row.action} received: ${(row.quantity ?? 0).toLocaleString('en-GB')} (batch ${row.target ?? ''})`,
              user: row.actor ?? 'A former plate maker',
              at: iso(row.at),
              type: 'inventory',
            }
          : {
              id: row.id,
              action: activityText({
                action: row.action,
                subject: row.target,
                outcome: row.outcome === 'failure' ? 'failure' : 'success',
              }),
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
    async systemLogs(bounds: PeriodBounds): Promise<LogRow[]> {
      return (await logPage(bounds, null, SYSTEM_LOG_LIMIT)).map((row) => row.log);
    },

    logPage,

    /** One page of the accounts created in the period, oldest first (created, then id), after the previous page's last. */
    async userExportPage(
      { from, to }: PeriodBounds,
      after: UserCursor | null,
      limit: number,
    ): Promise<{ user: UserExportRow; cursor: UserCursor }[]> {
      const rows = await db.query<{
        id: string;
        name: string;
        email: string;
        user_type: string;
        status: string;
        created_at: Date;
        created_text: string;
        last_active_at: Date | null;
      }>(
        `SELECT id, name, email, user_type, status, created_at, created_at::text AS created_text, last_active_at FROM users
          WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz
            AND (created_at, id) > (coalesce($4::timestamptz, '-infinity'::timestamptz), coalesce($5, ''))
          ORDER BY created_at, id LIMIT $3`,
        [iso(from), iso(to), limit, after?.createdAt ?? null, after?.id ?? null],
      );
      return rows.map((row) => ({
        user: {
          id: row.id,
          name: row.name,
          email: row.email,
          type: row.user_type,
          status: row.status,
          createdAt: iso(row.created_at),
          lastActiveAt: row.last_active_at ? iso(row.last_active_at) : null,
        },
        cursor: { createdAt: row.created_text, id: row.id },
      }));
    },

    /** Real checks: the database answers, messages are not stuck, payments are not left waiting, no server errors in the period. */
    async healthChecks({ from, to }: PeriodBounds): Promise<HealthCheck[]> {
      const [probe] = await db.query<{ ok: number }>('SELECT 1 AS ok');
      const [row] = await db.query<{
        stuck_messages: string;
        waiting_payments: string;
        errors: string;
        open_alerts: string;
      }>(
        `SELECT
           (SELECT count(*) FROM message_outbox
             WHERE status = 'queued' AND coalesce(next_attempt_at, created_at) < $2::timestamptz - make_interval(mins => $3)) AS stuck_messages,
           (SELECT count(*) FROM payments
             WHERE status = 'pending' AND created_at < $2::timestamptz - make_interval(hours => $4)
               AND (expires_at IS NULL OR expires_at > $2::timestamptz)) AS waiting_payments,
           (SELECT count(*) FROM system_logs WHERE level = 'ERROR' AND at >= $1::timestamptz AND at < $2::timestamptz) AS errors,
           (SELECT count(*) FROM integrity_alerts WHERE status = 'Open') AS open_alerts`,
        [iso(from), iso(to), MESSAGE_BACKLOG_LIMIT_MINUTES, PAYMENT_WAIT_LIMIT_HOURS],
      );
      const stuck = count(row?.stuck_messages);
      const waiting = count(row?.waiting_payments);
      const errors = count(row?.errors);
      const openAlerts = count(row?.open_alerts);
      const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      return [
        {
          id: 'database',
          label: 'Database reachable',
          isOk: probe?.ok === 1,
          detail: probe?.ok === 1 ? 'The database answered' : 'The database did not answer',
        },
        {
          id: 'messages',
          label: 'Message backlog',
          isOk: stuck === 0,
          detail:
            stuck === 0
              ? 'No SMS or email waiting'
              : `${plural(stuck, 'message', 'messages')} waiting more than ${MESSAGE_BACKLOG_LIMIT_MINUTES} minutes`,
        },
        {
          id: 'payments',
          label: 'Payments waiting',
          isOk: waiting === 0,
          detail:
            waiting === 0
              ? `No payment pending more than ${PAYMENT_WAIT_LIMIT_HOURS} hours`
              : `${plural(waiting, 'payment', 'payments')} pending more than ${PAYMENT_WAIT_LIMIT_HOURS} hours`,
        },
        {
          id: 'errors',
          label: 'Server errors in the period',
          isOk: errors === 0,
          detail: errors === 0 ? 'No server errors' : plural(errors, 'server error', 'server errors'),
        },
        // Whatever the period: an alert waits until an administrator has reviewed it (Compliance).
        {
          id: 'integrity',
          label: 'Integrity alerts',
          isOk: openAlerts === 0,
          detail:
            openAlerts === 0
              ? 'No integrity alert awaiting review'
              : `${plural(openAlerts, 'integrity alert', 'integrity alerts')} awaiting review`,
        },
      ];
    },

    /** Records a fault for the dashboard's logs (a request that failed on the server's side, say). */
    async recordLog(entry: { level: LogLevel; module: string; message: string; at: Date }): Promise<void> {
      await db.query('INSERT INTO system_logs (level, module, message, at) VALUES ($1, $2, $3, $4)', [
        entry.level,
        entry.module,
        entry.message.slice(0, 500),
        iso(entry.at),
      ]);
    },
  };
}
