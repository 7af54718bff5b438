/**
 * The integrity alerts (table `integrity_alerts`): what the registry refused an insider, or
 * wants a second look at. Each write puts the alert on administrators' devices through the
 * change log, in the same transaction.
 */
import type { IntegrityAlert, IntegrityAlertKind, IntegrityAlertStatus } from '#domain/integrity/integrity-alert';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export const INTEGRITY_ALERT_ENTITY = 'integrityAlert';

export interface NewIntegrityAlert {
  kind: IntegrityAlertKind;
  subjectId: string | null;
  plateNumber: string | null;
  summary: string;
  evidence: Record<string, string>;
}

interface AlertRow {
  id: string;
  kind: IntegrityAlertKind;
  subject_id: string | null;
  subject_name: string | null;
  plate_number: string | null;
  summary: string;
  evidence: Record<string, string> | string;
  status: IntegrityAlertStatus;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | string | null;
  created_at: Date | string;
}

const toAlert = (row: AlertRow): IntegrityAlert => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subject_id,
  subjectName: row.subject_name,
  plateNumber: row.plate_number,
  summary: row.summary,
  evidence: typeof row.evidence === 'string' ? (JSON.parse(row.evidence) as Record<string, string>) : row.evidence,
  status: row.status,
  reviewNote: row.review_note,
  reviewedBy: row.reviewed_by,
  reviewedAt: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
  createdAt: new Date(row.created_at).toISOString(),
});

const SELECT = `SELECT a.*, coalesce(u.business_name, u.name) AS subject_name FROM integrity_alerts a LEFT JOIN users u ON u.id = a.subject_id`;

export function integrityAlertRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const publish = (alert: IntegrityAlert) =>
    log.record(['admin'], INTEGRITY_ALERT_ENTITY, alert.id, 'put', { ...alert });

  return {
    async add(id: string, alert: NewIntegrityAlert, at: Date): Promise<IntegrityAlert> {
      await db.query(
        'INSERT INTO integrity_alerts (id, kind, subject_id, plate_number, summary, evidence, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          id,
          alert.kind,
          alert.subjectId,
          alert.plateNumber,
          alert.summary,
          JSON.stringify(alert.evidence),
          at.toISOString(),
        ],
      );
      const stored = (await this.find(id)) as IntegrityAlert;
      await publish(stored);
      return stored;
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<IntegrityAlert | undefined> {
      const [row] = await db.query<AlertRow>(
        `${SELECT} WHERE a.id = $1${options.forUpdate ? ' FOR UPDATE OF a' : ''}`,
        [id],
      );
      return row ? toAlert(row) : undefined;
    },

    /** Newest first; `status` narrows to open or reviewed ones. */
    async list(
      options: { status?: IntegrityAlertStatus; subjectId?: string; limit?: number } = {},
    ): Promise<IntegrityAlert[]> {
      const rows = await db.query<AlertRow>(
        `${SELECT} WHERE ($1::text IS NULL OR a.status = $1) AND ($2::text IS NULL OR a.subject_id = $2) ORDER BY a.created_at DESC, a.id DESC LIMIT $3`,
        [options.status ?? null, options.subjectId ?? null, options.limit ?? 500],
      );
      return rows.map(toAlert);
    },

    async countOpen(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM integrity_alerts WHERE status = 'Open'",
      );
      return row?.n ?? 0;
    },

    async review(id: string, reviewerId: string, note: string, at: Date): Promise<IntegrityAlert> {
      await db.query(
        "UPDATE integrity_alerts SET status = 'Reviewed', review_note = $2, reviewed_by = $3, reviewed_at = $4 WHERE id = $1",
        [id, note, reviewerId, at.toISOString()],
      );
      const stored = (await this.find(id)) as IntegrityAlert;
      await publish(stored);
      return stored;
    },
  };
}
