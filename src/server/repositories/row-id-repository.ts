import type { Queryable } from '../db/database';

/**
 * Whose a row's id is, for the writes that change nothing when the id exists (ON CONFLICT DO
 * NOTHING): the intents then ask whether the id is this very record or another one's
 * (src/server/sync/intent.ts, foreignRowRefusal).
 */
export function rowIdRepository(db: Queryable) {
  return {
    /**
     * Whether `table` holds a row with this id whose columns differ from `same` (another owner's
     * row, say). `table` and the column names are the caller's constants, never input.
     */
    async heldByAnother(table: string, id: string, same: Record<string, string>): Promise<boolean> {
      const matches = Object.keys(same)
        .map((column, index) => `${column} = $${index + 2}`)
        .join(' AND ');
      const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND NOT (${matches})`, [
        id,
        ...Object.values(same),
      ]);
      return rows.length > 0;
    },
  };
}
