/**
 * The push engine's statements (src/server/sync/push-engine.ts). The answers a push gave (table
 * `applied_mutations`): each device change is applied once, and a change sent again is given the
 * answer it had. And the savepoint a push's careful try sets before each change, so that a
 * refused change is undone alone.
 */
import type { Queryable } from '../db/database';

export interface RememberedAnswer<Answer> {
  id: string;
  intent: string;
  outcome: string;
  answer: Answer;
}

export function appliedMutationRepository(db: Queryable) {
  return {
    /** The answers already given to any of these change ids, with who sent each. */
    async answersFor<Answer>(ids: readonly string[]): Promise<Map<string, { answer: Answer; user_id: string | null }>> {
      const rows = await db.query<{ id: string; answer: Answer; user_id: string | null }>(
        'SELECT id, answer, user_id FROM applied_mutations WHERE id = ANY($1::text[])',
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Records a push's answers in one statement; returns how many were new (fewer: another push answered some meanwhile). */
    async rememberAll<Answer>(
      clientId: string,
      userId: string | null,
      answers: readonly RememberedAnswer<Answer>[],
    ): Promise<number> {
      if (answers.length === 0) return 0;
      // One JSON array, not an array literal per column (each value escaped on its own), and a count back.
      const [inserted] = await db.query<{ count: number }>(
        `WITH added AS (
           INSERT INTO applied_mutations (id, client_id, user_id, intent, outcome, answer)
           SELECT id, $2, $3, intent, outcome, answer FROM jsonb_to_recordset($1::jsonb) AS given(id text, intent text, outcome text, answer jsonb)
           ON CONFLICT (id) DO NOTHING RETURNING 1)
         SELECT count(*)::int AS count FROM added`,
        [
          JSON.stringify(answers.map(({ id, intent, outcome, answer }) => ({ id, intent, outcome, answer }))),
          clientId,
          userId,
        ],
      );
      return inserted?.count ?? 0;
    },

    /**
     * Marks where the next change of a careful try starts. Never released: the next change's
     * savepoint, of the same name, nests on it, a round trip saved per change.
     */
    async markBeforeChange(): Promise<void> {
      await db.query('SAVEPOINT mutation');
    },

    /** Undoes the change since the last mark; the transaction goes on, usable, from there. */
    async undoChange(): Promise<void> {
      await db.query('ROLLBACK TO SAVEPOINT mutation');
    },
  };
}
