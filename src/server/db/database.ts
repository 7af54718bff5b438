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

export interface ListenHandlers {
  /** A notification on one of the channels listened to, with its payload. */
  notified: (channel: string, payload: string) => void;
  /**
   * Whether notifications are being received. While they are, `on` is the listening
   * connection itself (PostgreSQL): a statement sent on it is answered after every
   * notification that arrived before its answer has been handed to `notified`.
   */
  listening: (isListening: boolean, on?: Queryable) => void;
}

/** How long a lost listening connection waits before it is opened again. */
const RELISTEN_MS = 1000;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgresql';
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `handlers.notified` for each notification on `channel` (NOTIFY, sent when the
   * notifying transaction commits), and `handlers.listening(true)` once notifications are
   * being received, `listening(false)` whenever they may not be (the listening connection
   * lost; it is opened again). Between a `false` and the next `true` a notification may have
   * been missed: a cache fed by them must not be trusted then. Resolves to a stop function.
   */
  listen?(channels: string | readonly string[], handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: `then` runs after each write whose transaction was told `notice` (a
   * trigger's `RAISE NOTICE`) has committed, before the write's own `await` returns, so that
   * nothing after the write can run before it (decision 077). Returns a function that removes it.
   */
  afterCommitOf?(notice: string, then: () => Promise<void>): () => void;
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
    // In one process the notification is handled while the notifying statement or COMMIT
    // is answered, before the writer's await returns: nothing can be read in between.
    async listen(channels, { notified, listening }) {
      const stops = await Promise.all(
        [channels].flat().map((channel) => db.listen(channel, (payload) => notified(channel, payload))),
      );
      listening(true);
      return async () => {
        listening(false);
        // A database its owner closed first has no listener left to stop.
        if (!db.closed) for (const stop of stops) await stop();
      };
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
  /** What runs after a write told each notice has committed (afterCommitOf). */
  const afterCommit = new Map<string, Set<() => Promise<void>>>();
  /** Notes the notices `client` is told that something waits for, until `stop`. */
  const heardOn = (client: pg.PoolClient) => {
    const heard = new Set<string>();
    const onNotice = (notice: { message?: string }) => {
      if (notice.message !== undefined && afterCommit.has(notice.message)) heard.add(notice.message);
    };
    client.on('notice', onNotice);
    return { heard, stop: () => client.off('notice', onNotice) };
  };
  const committed = async (heard: ReadonlySet<string>) => {
    for (const notice of heard) for (const then of afterCommit.get(notice) ?? []) await then();
  };
  return {
    kind: 'postgresql',
    async query<Row>(text: string, params: readonly unknown[] = []) {
      if (afterCommit.size === 0) return (await pool.query(text, [...params])).rows as Row[];
      // A statement outside a transaction commits as it is answered.
      const client = await pool.connect();
      const notices = heardOn(client);
      let rows: Row[];
      try {
        rows = (await client.query(text, [...params])).rows as Row[];
      } finally {
        notices.stop();
        client.release();
      }
      await committed(notices.heard);
      return rows;
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      const notices = heardOn(client);
      let value: T;
      try {
        await client.query('BEGIN');
        value = await fn({
          async query<Row>(text: string, params: readonly unknown[] = []) {
            return (await client.query(text, [...params])).rows as Row[];
          },
        });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        notices.stop();
        client.release();
      }
      await committed(notices.heard);
      return value;
    },
    afterCommitOf(notice, then) {
      const waiting = afterCommit.get(notice) ?? new Set();
      waiting.add(then);
      afterCommit.set(notice, waiting);
      return () => {
        waiting.delete(then);
        if (waiting.size === 0) afterCommit.delete(notice);
      };
    },
    listen: (channels, handlers) => listenOnPostgres(connectionString, [channels].flat(), handlers, onIdleError),
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a connection of its own (a pooled one goes back to the pool). When it is lost the
 * handlers hear `listening(false)` at once, and it is opened again every RELISTEN_MS until it
 * listens; only then `listening(true)`.
 */
async function listenOnPostgres(
  connectionString: string,
  channels: readonly string[],
  { notified, listening }: ListenHandlers,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  for (const channel of channels)
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let isStopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const lost = (error?: Error) => {
    listening(false);
    if (error) onError(error);
    const gone = client;
    client = undefined;
    gone?.removeAllListeners();
    gone?.on('error', () => undefined);
    void gone?.end().catch(() => undefined);
    if (!isStopped && retry === undefined) retry = setTimeout(() => void connect(), RELISTEN_MS);
  };
  const connect = async (): Promise<void> => {
    retry = undefined;
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (channels.includes(message.channel)) notified(message.channel, message.payload ?? '');
    });
    // Before it listens, a failure is the catch's below.
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (!isStopped) {
        onError(error instanceof Error ? error : new Error(String(error)));
        retry ??= setTimeout(() => void connect(), RELISTEN_MS);
      }
      return;
    }
    if (isStopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    listening(true, {
      async query<Row>(text: string, params: readonly unknown[] = []) {
        return (await next.query(text, [...params])).rows as Row[];
      },
    });
  };
  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    listening(false);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    last?.on('error', () => undefined);
    await last?.end().catch(() => undefined);
  };
}

export function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string },
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, onIdleError) : openPglite(options.dataDir);
}
