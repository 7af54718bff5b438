import type { Queryable } from '../db/database';

export interface TableCount {
  table: string;
  rows: number;
}

/** How many rows each table a backup keeps holds: what a backup and a restore report, to compare one with the other. */
export function tableCountRepository(db: Queryable) {
  return {
    async all(): Promise<TableCount[]> {
      // Unlogged tables (the rate limits' counts of the running minute or hour) are not data a
      // backup keeps: a copy of a running server's folder opens with them empty.
      const tables = await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relpersistence = 'p' ORDER BY c.relname`,
      );
      if (tables.length === 0) return [];
      // One statement, so the counts are of one moment.
      const counts = tables.map(
        ({ name }, index) => `SELECT ${index} AS position, count(*) AS rows FROM ${quoteIdentifier(name)}`,
      );
      const rows = await db.query<{ position: number; rows: string | number }>(counts.join(' UNION ALL '));
      const byPosition = new Map(rows.map((row) => [row.position, Number(row.rows)]));
      return tables.map(({ name }, index) => ({ table: name, rows: byPosition.get(index) ?? 0 }));
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
