/**
 * Officers' checks and flags. Each write records the change for the devices that
 * keep it (the officer's own; administrators for flags) in the same transaction.
 */
import type { FlagStatus, PlateFlag, PlateFlagPayload, PoliceCheck } from '#domain/police/police';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export const POLICE_ENTITIES = { check: 'policeCheck', flag: 'plateFlag' } as const;

export type StoredPoliceCheck = PoliceCheck & { officerId: string };

interface FlagRow {
  id: string;
  officer_id: string;
  officer_name: string | null;
  plate_number: string;
  suspicion: PlateFlag['suspicion'];
  note: string;
  status: FlagStatus;
  decision_note: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const toFlag = (row: FlagRow): PlateFlag => ({
  id: row.id,
  officerId: row.officer_id,
  officerName: row.officer_name ?? 'Former officer',
  plateNumber: row.plate_number as PlateFlag['plateNumber'],
  suspicion: row.suspicion,
  note: row.note,
  status: row.status,
  decisionNote: row.decision_note,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
});

const FLAG_SELECT = `SELECT f.id, f.officer_id, u.name AS officer_name, f.plate_number, f.suspicion, f.note, f.status, f.decision_note, f.created_at, f.decided_at
  FROM plate_flags f LEFT JOIN users u ON u.id = f.officer_id`;

export function policeRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const logFlag = (flag: PlateFlag) =>
    log.record([`user:${flag.officerId}`, 'admin'], POLICE_ENTITIES.flag, flag.id, 'put', { ...flag });

  return {
    /** Logs a check once by its id; a check sent again (or first logged online) is kept as it was. */
    async recordCheck(officerId: string, check: PoliceCheck): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO police_checks (id, officer_id, plate_number, verdict, method, offline, checked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [check.id, officerId, check.plateNumber, check.verdict, check.method, check.offline, check.checkedAt],
      );
      if (rows.length === 0) return false;
      await log.record([`user:${officerId}`], POLICE_ENTITIES.check, check.id, 'put', { ...check, officerId });
      return true;
    },

    async checksOf(officerId: string, limit = 50): Promise<StoredPoliceCheck[]> {
      const rows = await db.query<{
        id: string;
        plate_number: string;
        verdict: PoliceCheck['verdict'];
        method: PoliceCheck['method'];
        offline: boolean;
        checked_at: Date;
      }>(
        'SELECT id, plate_number, verdict, method, offline, checked_at FROM police_checks WHERE officer_id = $1 ORDER BY checked_at DESC LIMIT $2',
        [officerId, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        officerId,
        plateNumber: row.plate_number as PoliceCheck['plateNumber'],
        verdict: row.verdict,
        method: row.method,
        offline: row.offline,
        checkedAt: new Date(row.checked_at).toISOString(),
      }));
    },

    /** 'added', or 'exists' when this flag (by id) is already stored. */
    async addFlag(officerId: string, flag: PlateFlagPayload): Promise<'added' | 'exists'> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO plate_flags (id, officer_id, plate_number, suspicion, note, status) VALUES ($1, $2, $3, $4, $5, 'Open')
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [flag.id, officerId, flag.plateNumber, flag.suspicion, flag.note],
      );
      if (rows.length === 0) return 'exists';
      const stored = await this.findFlag(flag.id);
      if (stored) await logFlag(stored);
      return 'added';
    },

    async findFlag(id: string, options: { forUpdate?: boolean } = {}): Promise<PlateFlag | undefined> {
      const [row] = await db.query<FlagRow>(
        `${FLAG_SELECT} WHERE f.id = $1${options.forUpdate ? ' FOR UPDATE OF f' : ''}`,
        [id],
      );
      return row ? toFlag(row) : undefined;
    },

    async decideFlag(
      id: string,
      adminId: string,
      status: Exclude<FlagStatus, 'Open'>,
      note: string,
    ): Promise<PlateFlag | undefined> {
      await db.query(
        `UPDATE plate_flags SET status = $2, decided_by = $3, decision_note = $4, decided_at = now() WHERE id = $1`,
        [id, status, adminId, note === '' ? null : note],
      );
      const flag = await this.findFlag(id);
      if (flag) await logFlag(flag);
      return flag;
    },

    async flags(): Promise<PlateFlag[]> {
      return (await db.query<FlagRow>(`${FLAG_SELECT} ORDER BY f.created_at DESC`)).map(toFlag);
    },
  };
}
