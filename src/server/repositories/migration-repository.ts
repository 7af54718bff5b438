import type { Queryable } from '../db/database';

/** The migrations this database has had (table `schema_migrations`, kept by the migration runner in src/server/db/migrate.ts). */
export function migrationRepository(db: Queryable) {
  return {
    /** The name of the last migration applied; undefined before the first. */
    async latest(): Promise<string | undefined> {
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
      return rows[0]?.name;
    },
  };
}
