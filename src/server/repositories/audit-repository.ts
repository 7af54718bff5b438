import type { Queryable } from '../db/database';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  target?: string | null;
  outcome?: 'success' | 'failure';
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export function auditRepository(db: Queryable) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.query(
        'INSERT INTO audit_log (actor_id, action, target, outcome, detail, ip) VALUES ($1, $2, $3, $4, $5, $6)',
        [
          entry.actorId,
          entry.action,
          entry.target ?? null,
          entry.outcome ?? 'success',
          JSON.stringify(entry.detail ?? {}),
          entry.ip ?? null,
        ],
      );
    },

    async recent(limit: number): Promise<Array<AuditEntry & { at: string }>> {
      const rows = await db.query<{
        at: Date;
        actor_id: string | null;
        action: string;
        target: string | null;
        outcome: 'success' | 'failure';
        detail: Record<string, unknown>;
        ip: string | null;
      }>('SELECT at, actor_id, action, target, outcome, detail, ip FROM audit_log ORDER BY at DESC, id DESC LIMIT $1', [
        limit,
      ]);
      return rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        actorId: row.actor_id,
        action: row.action,
        target: row.target,
        outcome: row.outcome,
        detail: row.detail,
        ip: row.ip,
      }));
    },
  };
}
