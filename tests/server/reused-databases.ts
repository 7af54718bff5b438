/**
 * Test databases used again within a worker. Opening an embedded database costs about 0.7 s of
 * CPU (its PostgreSQL starting, on a copy of the migrated one), and the suites open one for
 * almost every test. A database a test has closed is kept instead, and the next test in the
 * same worker gets it back as the migrations left it: every table emptied and the migrations'
 * own rows put back, every sequence where it stood, no one listening. That takes 60–90 ms.
 * The unit run alone went from 494 to 301 CPU-seconds
 * (docs/decisions/085-test-databases-used-again.md).
 *
 * It is used again only when its shape is still the migrated one (the same tables, columns,
 * indexes, triggers and functions); one a test changed, or that cannot be emptied, is closed
 * and a new copy opened.
 */
import type { Database, ListenHandlers, Queryable } from '../../src/server/db/database';

/** Longer than putting one back ever takes (under 0.3 s on a loaded 2-core machine). */
const PUT_BACK_MS = 5000;

interface Baseline {
  /** Every table, quoted, for one TRUNCATE. */
  tables: string[];
  /** The tables the migrations left rows in: their rows as JSON, and the columns to put back (not generated ones). */
  rows: Array<{ table: string; columns: string; json: string }>;
  /** Every sequence, as JSON: its name, its value and whether that value was handed out. */
  sequences: string;
  shape: string;
}

/** The database's shape, summed up: a test that added a table or dropped an index changes it. */
const SHAPE = `
  SELECT md5(string_agg(item, ';' ORDER BY item)) AS shape FROM (
    SELECT 'c ' || c.relname || ' ' || a.attname || ' ' || a.atttypid::text || ' ' || a.attnotnull::text AS item
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'i ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 't ' || tgname || ' ' || md5(pg_get_triggerdef(t.oid)) FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal
    UNION ALL SELECT 'f ' || p.proname || ' ' || md5(p.prosrc) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
  ) AS items`;

async function shapeOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ shape: string }>(SHAPE);
  return row?.shape ?? '';
}

async function baselineOf(db: Database): Promise<Baseline> {
  const tables = await db.query<{ name: string; columns: string }>(
    `SELECT format('%I', c.relname) AS name,
            string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      GROUP BY c.relname ORDER BY c.relname`,
  );
  const rows: Baseline['rows'] = [];
  for (const { name, columns } of tables) {
    const [found] = await db.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${name} t`);
    if (found?.json) rows.push({ table: name, columns, json: found.json });
  }
  const [sequences] = await db.query<{ json: string | null }>(
    `SELECT json_agg(json_build_object('name', format('%I', sequencename), 'value', coalesce(last_value, start_value),
            'called', last_value IS NOT NULL))::text AS json
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return { tables: tables.map(({ name }) => name), rows, sequences: sequences?.json ?? '[]', shape: await shapeOf(db) };
}

/** Puts the database back as the baseline had it; false when its shape is no longer the baseline's. */
async function putBack(db: Database, baseline: Baseline): Promise<boolean> {
  if ((await shapeOf(db)) !== baseline.shape) return false;
  await db.transaction(async (tx) => {
    // The rows go back as they were, not as new writes: no trigger fires, no key is checked.
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(`TRUNCATE ${baseline.tables.join(', ')}`);
    for (const { table, columns, json } of baseline.rows)
      await tx.query(
        `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [json],
      );
    await tx.query(
      'SELECT setval(s.name::regclass, s.value, s.called) FROM json_to_recordset($1::json) AS s(name text, value bigint, called boolean)',
      [baseline.sequences],
    );
  });
  return true;
}

/** What a test is given: the database, until it closes it; then only refusals. */
function lent(db: Database, giveBack: () => Promise<void>): Database {
  let closed = false;
  const stops = new Set<() => Promise<void>>();
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  return {
    kind: db.kind,
    async query(text, params) {
      open();
      return db.query(text, params);
    },
    async transaction(fn) {
      open();
      return db.transaction(fn);
    },
    async listen(channels: string | readonly string[], handlers: ListenHandlers) {
      open();
      if (!db.listen) throw new Error('this database cannot listen');
      const stop = await db.listen(channels, handlers);
      const once = async () => {
        if (!stops.delete(once)) return;
        await stop();
      };
      stops.add(once);
      return once;
    },
    async dumpDataDir() {
      open();
      if (!db.dumpDataDir) throw new Error('this database cannot be copied');
      return db.dumpDataDir();
    },
    async close() {
      if (closed) return;
      closed = true;
      // Whoever still listens stops now: the next test must not call back into this one.
      for (const stop of [...stops]) await stop();
      await giveBack();
    },
  };
}

/**
 * Databases opened by `open` (a copy of the migrated one), lent to one test at a time and
 * used again once closed.
 */
export function reusedDatabases(
  open: () => Promise<Database>,
  { putBackMs = PUT_BACK_MS }: { putBackMs?: number } = {},
): () => Promise<Database> {
  // One database kept for the next test (each holds about 100 MB); a second closed at once.
  let spare: Database | undefined;
  let baseline: Promise<Baseline> | undefined;

  async function giveBack(db: Database): Promise<void> {
    if (spare) await db.close();
    else spare = db;
  }

  return async function take(): Promise<Database> {
    const db = spare;
    spare = undefined;
    if (db && baseline && (await putBackInTime(db, await baseline, putBackMs))) return lent(db, () => giveBack(db));
    const fresh = await open();
    baseline ??= baselineOf(fresh);
    await baseline;
    return lent(fresh, () => giveBack(fresh));
  };
}

/**
 * Puts the database back, within `putBackMs`: a test that left a transaction open holds the
 * database's lock for good, and the next test would wait for it. False when it was not put
 * back; it is then closed (or, still held, left to the garbage collector).
 */
async function putBackInTime(db: Database, baseline: Baseline, putBackMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), putBackMs)));
  const outcome = await Promise.race([putBack(db, baseline).catch(() => false), late]);
  clearTimeout(timer);
  if (outcome === true) return true;
  if (outcome === false) await db.close().catch(() => undefined);
  return false;
}
