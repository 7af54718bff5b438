import type { Queryable } from '../db/database';

export interface TableCount {
  table: string;
  rows: number;
}

/** How many rows each table holds: what a backup and a restore report, to compare one with the other. */
export function tableCountRepository(db: Queryable) {
  return {
    async all(): Promise<TableCount[]> {
      const tables = await db.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      if (tables.length === 0) return [];
      // One statement, so the counts are of one moment.
      const counts = tables.map(({ name }, index) => `SELECT ${index} AS position, count(*) AS rows FROM ${quoteIdentifier(name)}`);
      const rows = await db.query<{ position: number; rows: string | number }>(counts.join(' UNION ALL '));
      const byPosition = new Map(rows.map((row) => [row.position, Number(row.rows)]));
      return tables.map(({ name }, index) => ({ table: name, rows: byPosition.get(index) ?? 0 }));
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
