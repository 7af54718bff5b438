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
      const inserted = await db.query(
        `INSERT INTO applied_mutations (id, client_id, user_id, intent, outcome, answer)
         SELECT id, $2, $3, intent, outcome, answer FROM unnest($1::text[], $4::text[], $5::text[], $6::jsonb[]) AS given(id, intent, outcome, answer)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          answers.map((item) => item.id),
          clientId,
          userId,
          answers.map((item) => item.intent),
          answers.map((item) => item.outcome),
          answers.map((item) => JSON.stringify(item.answer)),
        ],
      );
      return inserted.length;
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
