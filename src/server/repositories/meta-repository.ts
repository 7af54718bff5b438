import type { Queryable } from '../db/database';

/** Small facts about this database (e.g. whether the demo data set was seeded). */
export function metaRepository(db: Queryable) {
  return {
    async get(key: string): Promise<string | undefined> {
      const rows = await db.query<{ value: string }>('SELECT value FROM app_meta WHERE key = $1', [key]);
      return rows[0]?.value;
    },
    async set(key: string, value: string): Promise<void> {
      await db.query(
        `INSERT INTO app_meta (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, value],
      );
    },
  };
}
