/**
 * Reports figures for `npm run bench` (`--reports-only` runs just these): the System
 * Dashboard and Reports & Analytics over a large data set, on PGlite and on PostgreSQL.
 *
 * The data set is filled straight in SQL (generate_series, spread over the last 15
 * months): 100,000 accounts, 100,000 plate requests, 1,000,000 registry plates,
 * 1,000,000 audit events (most of them sign-ins, one in 199 an administrator's action,
 * one in 50 refused), 5,000 stock receipts and 10,000 server log rows.
 * - figures [≤ 300 ms of server time each]: GET /api/admin/dashboard for every period
 *   and view and GET /api/admin/reports for every period and type, through app.inject
 *   (the real routes, queries and serialisation, no network); one warm-up request,
 *   then BENCH_REPORT_RUNS (default 5) timed, the target judged on their median (this
 *   shared 2-core machine stalls a single request now and then: the worst is printed);
 * - the users CSV export [100,000 rows in ≤ 5 s; the server's memory growing ≤ 50 MB]:
 *   GET /api/admin/reports/export/users.csv?period=all over loopback, read as it
 *   arrives, with process.memoryUsage() sampled every 10 ms while it streams (rss and
 *   heapUsed above what they were just before); the logs export of the last year beside it;
 * each beside a reference from the same run: `SELECT count(*)` of the accounts, timed just
 * after each figure (the machine's pace at that moment), of the audit trail once, and the
 * whole user list read in one query beside the export.
 *
 * PGlite runs in a temporary folder; PostgreSQL is TEST_DATABASE_URL's server (a database
 * made for the run and dropped after it) or, when that is not set, a throwaway cluster
 * this bench starts in /tmp with the PostgreSQL binaries it finds (BENCH_PG_BIN) and stops.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { REPORT_PERIOD_IDS, REPORT_TYPES } from '#domain/reports/admin-report';
import { ADMIN_DASHBOARD_VIEWS, DASHBOARD_PERIOD_IDS } from '#domain/reports/dashboard-period';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openPglite, openPostgres } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { figureLine, median, ms, type Print } from './figures';

const USERS = 100_000;
const REQUESTS = 100_000;
const REGISTRY_PLATES = 1_000_000;
const AUDIT_EVENTS = 1_000_000;
const STOCK_RECEIPTS = 5_000;
const SERVER_LOGS = 10_000;
/** Rows are dated over this many days back from now. */
const SPREAD_DAYS = 456;
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const FIGURE_TARGET_MS = 300;
const EXPORT_TARGET_MS = 5_000;
const MEMORY_TARGET_MB = 50;
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55_433);

const MB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** An instant `days` back, spread by a multiplicative hash of n so that months and days all get rows. */
const spreadAt = (multiplier: number) =>
  `($1::timestamptz - make_interval(secs => ((n::bigint * ${multiplier}) % (${SPREAD_DAYS} * 86400))::double precision))`;

/** Fills the data set; answers with the administrator's session cookie. */
export async function seedLargeDataSet(db: Database, now: Date, print: Print): Promise<string> {
  const at = now.toISOString();
  const step = async (label: string, sql: string, params: unknown[]) => {
    const { ms: took } = await timed(() => db.query(sql, params));
    print(`  seeded ${label} in ${(took / 1000).toFixed(1)} s`);
  };
  await step(
    `${USERS.toLocaleString('en-GB')} accounts`,
    `INSERT INTO users (id, email, name, password_hash, account_type, user_type, status, created_at, updated_at, last_active_at)
     SELECT 'BU-' || lpad(n::text, 6, '0'), 'bench' || n || '@bench.zm', 'Bench User ' || n || CASE WHEN n % 97 = 0 THEN ', Bánda "Jr"' ELSE '' END, 'x', 'individual',
            CASE WHEN n % 500 = 0 THEN 'AGENT' ELSE 'Customer' END,
            (ARRAY['Active','Active','Active','Active','Active','Active','Active','Pending','Suspended','Inactive'])[1 + n % 10],
            ${spreadAt(104_729)}, $1::timestamptz,
            CASE WHEN n % 3 = 0 THEN NULL ELSE $1::timestamptz - make_interval(secs => ((n::bigint * 7919) % (30 * 86400))::double precision) END
       FROM generate_series(1, ${USERS}) AS n`,
    [at],
  );
  await db.query(
    `INSERT INTO user_roles (user_id, role) SELECT id, CASE WHEN user_type = 'AGENT' THEN 'agent' ELSE 'buyer' END FROM users WHERE id LIKE 'BU-%'`,
  );
  const admin = await userRepository(db).create({
    email: 'admin@bench.zm',
    name: 'Bench Administrator',
    passwordHash: 'x',
    accountType: 'individual',
    userType: 'ADMIN',
    status: 'Active',
    requestedRole: null,
    roles: ['admin'],
  });
  const adminId = admin?.id ?? '';
  await step(
    `${REQUESTS.toLocaleString('en-GB')} plate requests`,
    `INSERT INTO plate_requests (id, application_id, reference, applicant_id, applicant_name, nrc_number, phone, email, address, quantity, plate_type, payment_method, status, created_at)
     SELECT 'BR-' || n, 'bench-application-' || n, 'LP-B' || lpad(n::text, 7, '0'), 'BU-' || lpad((1 + n % ${USERS})::text, 6, '0'), 'Bench User', '123456/78/9', '0961234567', 'b@bench.zm', 'Lusaka',
            1 + n % 3, (ARRAY['Standard','Commercial','Personalized','Diplomatic','Government'])[1 + n % 5], 'mtn',
            (ARRAY['Pending','Under Review','Approved','Rejected'])[1 + n % 4], ${spreadAt(15_485_863)}
       FROM generate_series(1, ${REQUESTS}) AS n`,
    [at],
  );
  await db.query(
    "INSERT INTO signing_keys (key_id, public_key, status) VALUES (65000, decode(repeat('00', 32), 'hex'), 'retired') ON CONFLICT DO NOTHING",
  );
  const batch = 250_000;
  const { ms: registryMs } = await timed(async () => {
    for (let start = 1; start <= REGISTRY_PLATES; start += batch) {
      await db.query(
        `INSERT INTO registered_plates (plate_number, make, model, colour, year, chassis_number, owner_name, owner_nrc, registration_date, expiry_date, standing, key_id, credential, bucket)
         SELECT 'BZ-' || lpad(n::text, 7, '0'), 'Toyota', 'Corolla', 'White', 2020, 'BENCH' || n, 'Bench Owner', '100000/10/1', date '2024-01-01', date '2029-01-01',
                CASE WHEN n % 100 = 0 THEN 'Stolen' ELSE 'Valid' END, 65000, '\\x00'::bytea, (n % 4096)::smallint
           FROM generate_series($1::int, $2::int) AS n`,
        [start, Math.min(REGISTRY_PLATES, start + batch - 1)],
      );
    }
  });
  print(`  seeded ${REGISTRY_PLATES.toLocaleString('en-GB')} registry plates in ${(registryMs / 1000).toFixed(1)} s`);
  const { ms: auditMs } = await timed(async () => {
    for (let start = 1; start <= AUDIT_EVENTS; start += batch) {
      await db.query(
        `INSERT INTO audit_log (at, actor_id, action, target, outcome, detail)
         SELECT ${spreadAt(2_654_435_761)},
                CASE WHEN n % 199 = 0 THEN $4 ELSE 'BU-' || lpad((1 + n % ${USERS})::text, 6, '0') END,
                CASE WHEN n % 199 = 0 THEN (ARRAY['request.approve','user.edit','settings.pricing'])[1 + n % 3]
                     ELSE (ARRAY['auth.login','auth.login','auth.login','auth.logout','request.submit','payment.approved','plate.registered','user.profile','plate.made','auth.login'])[1 + n % 10] END,
                'T-' || n, CASE WHEN n % 50 = 0 THEN 'failure' ELSE 'success' END,
                CASE WHEN n % 50 = 0 THEN '{"reason":"not allowed"}'::jsonb ELSE '{}'::jsonb END
           FROM generate_series($2::int, $3::int) AS n`,
        [at, start, Math.min(AUDIT_EVENTS, start + batch - 1), adminId],
      );
    }
  });
  print(`  seeded ${AUDIT_EVENTS.toLocaleString('en-GB')} audit events in ${(auditMs / 1000).toFixed(1)} s`);
  await db.query(
    `INSERT INTO agent_inventory_items (id, agent_id, item_type, quantity, batch_number, received_date, created_at)
     SELECT 'BI-' || n, 'BU-' || lpad((500 * (1 + n % 200))::text, 6, '0'), CASE WHEN n % 4 = 0 THEN 'Raw Materials' ELSE 'Plate Blanks' END, 10 + n % 90, 'B-' || n,
            (${spreadAt(48_271)} AT TIME ZONE 'Africa/Lusaka')::date, ${spreadAt(48_271)}
       FROM generate_series(1, ${STOCK_RECEIPTS}) AS n`,
    [at],
  );
  await db.query(
    `INSERT INTO system_logs (level, module, message, at)
     SELECT CASE WHEN n % 5 = 0 THEN 'ERROR' ELSE 'WARNING' END, 'payments', 'Gateway answered 502 for payment ' || n, ${spreadAt(69_621)}
       FROM generate_series(1, ${SERVER_LOGS}) AS n`,
    [at],
  );
  const { ms: analyseMs } = await timed(() => db.query('ANALYZE'));
  print(`  ANALYZE in ${(analyseMs / 1000).toFixed(1)} s`);
  const token = `report-bench-${Date.now()}`;
  await sessionRepository(db).create(token, adminId, new Date(now.getTime() + 24 * 3600_000));
  return `nambala_session=${token}`;
}

async function referenceMs(db: Database, sql: string): Promise<number> {
  await db.query(sql);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push((await timed(() => db.query(sql))).ms);
  return median(times);
}

/** One route's server time: a warm-up request, then RUNS timed ones. */
async function routeTimes(
  app: FastifyInstance,
  url: string,
  cookie: string,
): Promise<{ warmUp: number; times: number[] }> {
  const request = async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  };
  const warmUp = (await timed(request)).ms;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) times.push((await timed(request)).ms);
  return { warmUp, times };
}

async function figures(print: Print, app: FastifyInstance, db: Database, cookie: string): Promise<void> {
  const countAudit = await referenceMs(db, 'SELECT count(*) FROM audit_log');
  print(
    figureLine(
      '  reference: SELECT count(*) FROM audit_log',
      ms(countAudit),
      null,
      'once; each line below ends with SELECT count(*) FROM users timed just after it',
    ),
  );
  const line = async (label: string, { warmUp, times }: { warmUp: number; times: number[] }) => {
    const worst = Math.max(...times);
    // Measured beside each figure: on a shared machine a slow minute shows in both.
    const reference = await referenceMs(db, 'SELECT count(*) FROM users');
    print(
      figureLine(
        label,
        ms(median(times)),
        { text: `≤ ${FIGURE_TARGET_MS} ms`, pass: median(times) <= FIGURE_TARGET_MS },
        `worst ${ms(worst)}, warm-up ${ms(warmUp)}; count(*) users ${ms(reference)}`,
      ),
    );
  };
  for (const period of DASHBOARD_PERIOD_IDS) {
    for (const view of ADMIN_DASHBOARD_VIEWS)
      await line(
        `  dashboard ${period} ${view}`,
        await routeTimes(app, `/api/admin/dashboard?period=${period}&view=${view}`, cookie),
      );
  }
  for (const period of REPORT_PERIOD_IDS) {
    for (const type of REPORT_TYPES)
      await line(
        `  report ${period} ${type.replace(' Report', '')}`,
        await routeTimes(app, `/api/admin/reports?${new URLSearchParams({ period, type }).toString()}`, cookie),
      );
  }
}

/** Streams one export over loopback, reading it as it arrives; memory sampled meanwhile. */
async function streamExport(
  origin: string,
  pathAndQuery: string,
  cookie: string,
): Promise<{ ms: number; rows: number; bytes: number; rssGrowth: number; heapGrowth: number }> {
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const started = performance.now();
  let rows = 0;
  let bytes = 0;
  try {
    const response = await fetch(origin + pathAndQuery, { headers: { cookie } });
    if (response.status !== 200 || !response.body) throw new Error(`${pathAndQuery}: ${response.status}`);
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      // Rows end with CRLF; names in this data set hold no line breaks.
      for (let index = 0; index < value.length; index += 1) if (value[index] === 10) rows += 1;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    ms: performance.now() - started,
    rows: rows - 1,
    bytes,
    rssGrowth: (rssPeak - before.rss) / MB,
    heapGrowth: (heapPeak - before.heapUsed) / MB,
  };
}

async function exports(print: Print, app: FastifyInstance, db: Database, cookie: string): Promise<void> {
  const wholeList = await referenceMs(
    db,
    'SELECT id, name, email, user_type, status, created_at, last_active_at FROM users ORDER BY created_at, id',
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const users = await streamExport(address, '/api/admin/reports/export/users.csv?period=all', cookie);
  print(
    figureLine(
      `  users.csv, all ${users.rows.toLocaleString('en-GB')} rows`,
      ms(users.ms),
      { text: `≤ ${EXPORT_TARGET_MS / 1000} s`, pass: users.ms <= EXPORT_TARGET_MS && users.rows >= USERS },
      `${(users.bytes / MB).toFixed(1)} MB; reference: the whole list in one query ${ms(wholeList)}`,
    ),
  );
  print(
    figureLine(
      '  server memory growth while it streams',
      `${users.rssGrowth.toFixed(1)} MB`,
      { text: `≤ ${MEMORY_TARGET_MB} MB`, pass: users.rssGrowth <= MEMORY_TARGET_MB },
      `rss (target); heapUsed +${users.heapGrowth.toFixed(1)} MB`,
    ),
  );
  const logs = await streamExport(address, '/api/admin/reports/export/logs.csv?period=lastyear', cookie);
  print(
    figureLine(
      `  logs.csv, last year, ${logs.rows.toLocaleString('en-GB')} rows`,
      ms(logs.ms),
      null,
      `${(logs.bytes / MB).toFixed(1)} MB; rss +${logs.rssGrowth.toFixed(1)} MB, heapUsed +${logs.heapGrowth.toFixed(1)} MB`,
    ),
  );
}

async function measure(print: Print, title: string, db: Database): Promise<void> {
  const now = new Date();
  const config = loadConfig(
    {},
    { dataDir: 'memory://', seedDemo: false, appDir: '/nonexistent', logLevel: 'silent', authRateLimit: 0 },
  );
  const app = await buildApp({ config, db, logger: false, now: () => now });
  try {
    print('');
    print(title);
    const cookie = await seedLargeDataSet(db, now, print);
    await figures(print, app, db, cookie);
    await exports(print, app, db, cookie);
  } finally {
    await app.close();
  }
}

/** A PostgreSQL server for the run: TEST_DATABASE_URL's, or a throwaway cluster started here. Answers with its URL and how to stop it. */
async function postgresServer(print: Print): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => undefined };
  const bin =
    process.env.BENCH_PG_BIN ??
    ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((dir) =>
      existsSync(path.join(dir, 'initdb')),
    );
  if (!bin) {
    print('PostgreSQL: not measured (no TEST_DATABASE_URL and no PostgreSQL binaries found; set BENCH_PG_BIN)');
    return null;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nambala-report-pg-'));
  await chmod(dir, 0o777);
  // initdb refuses to run as root: as root, the cluster is the postgres user's.
  const asOwner = (command: string[]) =>
    process.getuid?.() === 0
      ? execFileSync('su', ['postgres', '-c', command.map((part) => `'${part}'`).join(' ')], { stdio: 'ignore' })
      : execFileSync(command[0] ?? '', command.slice(1), { stdio: 'ignore' });
  asOwner([path.join(bin, 'initdb'), '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
  asOwner([
    path.join(bin, 'pg_ctl'),
    '-D',
    path.join(dir, 'data'),
    '-o',
    `-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    stop: async () => {
      asOwner([path.join(bin, 'pg_ctl'), '-D', path.join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function reportFigures(print: Print): Promise<void> {
  print('');
  print(
    `Reports (${USERS.toLocaleString('en-GB')} accounts, ${REQUESTS.toLocaleString('en-GB')} requests, ${REGISTRY_PLATES.toLocaleString('en-GB')} registry plates, ${AUDIT_EVENTS.toLocaleString('en-GB')} audit events; server time through app.inject, ${RUNS} runs after a warm-up)`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'nambala-report-bench-'));
  try {
    const db = await openPglite(dir);
    try {
      await measure(print, 'PGlite (a folder in the temporary directory)', db);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  const server = await postgresServer(print);
  if (!server) return;
  const database = `nambala_report_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server.url });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(server.url);
    url.pathname = `/${database}`;
    const db = await openPostgres(url.toString());
    try {
      await measure(
        print,
        `PostgreSQL (${(await db.query<{ server_version: string }>('SHOW server_version'))[0]?.server_version ?? '?'}, a database made for the run)`,
        db,
      );
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    }
  } finally {
    await admin.end();
    await server.stop();
  }
}
