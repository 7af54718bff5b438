/**
 * The personal data access log (tables `personal_data_access_log` and
 * `personal_data_lookup_days`, docs/privacy.md): one row per look at an owner's data, each
 * reader's count per Lusaka day, and the administrator's pages of it, newest first.
 */
import type { AccessLogEntry, AccessLogFilter, AccessPurpose, ReaderRole } from '#domain/privacy/personal-data-access';
import type { Queryable } from '../db/database';

export interface NewAccess {
  id: string;
  officerId: string;
  officerName: string;
  officerRole: ReaderRole;
  plateNumber: string;
  purpose: AccessPurpose;
  route: string;
  checkId: string | null;
  ip: string | null;
}

interface EntryRow {
  id: string;
  officer_id: string;
  officer_name: string;
  officer_role: ReaderRole;
  plate_number: string;
  purpose: AccessPurpose;
  route: string;
  check_id: string | null;
  ip: string | null;
  accessed_at: Date | string;
}

const toEntry = (row: EntryRow): AccessLogEntry => ({
  id: row.id,
  at: new Date(row.accessed_at).toISOString(),
  officerId: row.officer_id,
  officerName: row.officer_name,
  officerRole: row.officer_role,
  plateNumber: row.plate_number,
  purpose: row.purpose,
  route: row.route,
  checkId: row.check_id,
  ip: row.ip,
});

// The reader's name as it is now; the name kept with the row once the account is gone.
const SELECT = `SELECT l.id, l.officer_id, coalesce(u.name, l.officer_name) AS officer_name, l.officer_role, l.plate_number, l.purpose, l.route, l.check_id, l.ip, l.accessed_at
  FROM personal_data_access_log l LEFT JOIN users u ON u.id = l.officer_id`;
// $1 the reader (or null), $2 text the plate number contains (or null).
const FILTER = `($1::text IS NULL OR l.officer_id = $1) AND ($2::text IS NULL OR strpos(l.plate_number, $2) > 0)`;

const orNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

export function accessLogRepository(db: Queryable) {
  return {
    async add(entry: NewAccess, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO personal_data_access_log (id, officer_id, officer_name, officer_role, plate_number, purpose, route, check_id, ip, accessed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          entry.id,
          entry.officerId,
          entry.officerName,
          entry.officerRole,
          entry.plateNumber,
          entry.purpose,
          entry.route,
          entry.checkId,
          entry.ip,
          at.toISOString(),
        ],
      );
    },

    /**
     * Counts one more lookup for the reader on the Lusaka day; answers the day's count and
     * whether its alert was raised already. The row's lock holds the reader's other lookups
     * until this transaction ends, so each sees the count before it exactly.
     */
    async countLookup(officerId: string, day: string): Promise<{ lookups: number; isAlerted: boolean }> {
      const [row] = await db.query<{ lookups: number; alerted_at: Date | null }>(
        `INSERT INTO personal_data_lookup_days (officer_id, day, lookups) VALUES ($1, $2, 1)
         ON CONFLICT (officer_id, day) DO UPDATE SET lookups = personal_data_lookup_days.lookups + 1
         RETURNING lookups, alerted_at`,
        [officerId, day],
      );
      return { lookups: row?.lookups ?? 1, isAlerted: row?.alerted_at != null };
    },

    /** Marks the day's alert raised; false when it was already. */
    async markAlerted(officerId: string, day: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE personal_data_lookup_days SET alerted_at = $3 WHERE officer_id = $1 AND day = $2 AND alerted_at IS NULL RETURNING day',
        [officerId, day, at.toISOString()],
      );
      return rows.length > 0;
    },

    /** A page of the log, newest first, after the row `before` (an id; ids sort by time). */
    async page(filter: AccessLogFilter, before: string | null, limit: number): Promise<AccessLogEntry[]> {
      const rows = await db.query<EntryRow>(
        `${SELECT} WHERE ${FILTER} AND ($3::text IS NULL OR l.id < $3) ORDER BY l.id DESC LIMIT $4`,
        [orNull(filter.officerId), orNull(filter.plateNumber), before, limit],
      );
      return rows.map(toEntry);
    },

    async count(filter: AccessLogFilter): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM personal_data_access_log l WHERE ${FILTER}`,
        [orNull(filter.officerId), orNull(filter.plateNumber)],
      );
      return row?.n ?? 0;
    },

    /** Everyone who may look owners up now (officers, administrators), to filter the log by. */
    async readers(): Promise<Array<{ id: string; name: string; role: ReaderRole }>> {
      return db
        .query<{ id: string; name: string; role: ReaderRole }>(
          `SELECT DISTINCT ON (u.id) u.id, u.name, r.role FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role IN ('police', 'admin')
         ORDER BY u.id, r.role DESC`,
        )
        .then((rows) =>
          rows.sort((a, b) => (a.role === b.role ? a.name.localeCompare(b.name) : a.role === 'police' ? -1 : 1)),
        );
    },

    /** Deletes rows (and day counts) from before `cutoff`; answers how many log rows went. */
    async deleteBefore(cutoff: Date): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'WITH gone AS (DELETE FROM personal_data_access_log WHERE accessed_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
        [cutoff.toISOString()],
      );
      await db.query('DELETE FROM personal_data_lookup_days WHERE day < $1::date', [cutoff.toISOString().slice(0, 10)]);
      return row?.n ?? 0;
    },
  };
}
