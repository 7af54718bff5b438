/**
 * Versioned migrations: numbered .sql files in ../migrations, each applied once,
 * in order, in its own transaction, and recorded in schema_migrations. An advisory
 * lock keeps two server instances starting together from migrating twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
export const MIGRATION_LOCK_KEY = 7_262_201; // any constant shared by all instances

export interface MigrationResult {
  applied: string[];
  current: string | undefined;
}

export async function listMigrations(): Promise<string[]> {
  const files = await readdir(migrationsDir);
  return files.filter((file) => /^\d{4}-[a-z0-9-]+\.sql$/.test(file)).sort();
}

export async function migrate(db: Database): Promise<MigrationResult> {
  await db.transaction(async (tx) => {
    // Under the lock: concurrent CREATE TABLE IF NOT EXISTS can still collide in PostgreSQL's catalog.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const name of await listMigrations()) {
    const sql = await readFile(path.join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return;
      // A migration file may hold several statements; run them one by one.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    });
  }
  const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
  return { applied, current: rows[0]?.name };
}

/** Splits on semicolons at line ends; migrations keep one statement per `;\n`. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
}
