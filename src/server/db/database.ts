/**
 * The one database interface the repositories use. Two implementations speak the
 * same PostgreSQL dialect: PGlite (embedded, a folder under data/) and a real
 * PostgreSQL server through `pg` when DATABASE_URL is set.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgresql';
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The embedded database only: its data folder as a tar archive that opens as the
   * database stood at one moment (docs/backup-and-restore.md).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Opens the embedded database; `from`, a tar archive of a data folder (a backup), fills a new folder first. */
export async function openPglite(dataDir: string, from?: Blob): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  // A fresh clone has no data/ folder yet; PGlite creates only the last level.
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const db = new PGlite({ ...(inMemory ? {} : { dataDir }), ...(from ? { loadDataDir: from } : {}) });
  await db.waitReady;
  return {
    kind: 'pglite',
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(text, [...params]);
      return result.rows;
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<Row>(text: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(text, [...params])).rows;
          },
        }),
      );
    },
    async dumpDataDir() {
      // CHECKPOINT writes every changed page to its file, so the copy opens with little
      // or no log to replay. The copy is made holding PGlite's transaction lock, which
      // every statement takes: no statement and no transaction is half done in it.
      await db.exec('CHECKPOINT');
      const tar = await db._runExclusiveTransaction(() => db.dumpDataDir('none'));
      return new Uint8Array(await tar.arrayBuffer());
    },
    close: () => db.close(),
  };
}

export async function openPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can be cut by the server (restart, failover, admin). The pool
  // drops it and opens a new one on the next query; unhandled, the error would end the process.
  pool.on('error', onIdleError);
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgresql',
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, [...params]);
      return result.rows as Row[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn({
          async query<Row>(text: string, params: readonly unknown[] = []) {
            return (await client.query(text, [...params])).rows as Row[];
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string },
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, onIdleError) : openPglite(options.dataDir);
}
