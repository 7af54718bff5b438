/**
 * Load figures for `npm run bench` (`--load-only` runs just these; targets in brackets).
 * Every server here is a real server process (src/server/server.ts, as in production) with
 * the demo data set and a demo registry of BENCH_LOAD_REGISTRY_PLATES plates (default
 * 5,000), on loopback ports BENCH_LOAD_PORT (default 8630) to +6. Load comes from other
 * processes (autocannon), so nothing shares the servers' event loops but what is measured.
 * Each phase lasts BENCH_LOAD_SECONDS (default 4) seconds; the whole stops by itself. A
 * throughput phase (and its reference) is preceded by BENCH_WARMUP_SECONDS (default 1) of
 * requests not counted.
 *
 * - Sign-in under a flood of wrong guesses [p99 ≤ 50 ms while the flood runs]: a probe in
 *   this process sends GET /api/listings one after another (a normal visitor's request,
 *   read from the database) for a phase with no flood, then for a phase while autocannon
 *   drives BENCH_FLOOD_CONNECTIONS (default 50) connections of POST /api/auth/login from
 *   one client address, alternating a wrong password for the demo administrator and an
 *   unknown email (a new one each time, so each costs a real password hash). Printed for
 *   each: the probe's p50 and p99, and the flood's attempts per second by status. Run with
 *   AUTH_RATE_LIMIT=60 (the default: the address is refused after 60 a minute, so most of
 *   the flood is 429s) and AUTH_RATE_LIMIT=0 (off: every guess is checked, as from a flood
 *   spread over many addresses each under the limit); on PostgreSQL with two instances,
 *   the flood spread over both, with the limit on and counted in the database.
 * - The verify API and the marketplace listing under load: autocannon, 10 connections for a
 *   phase each, at GET /api/verification/:plate (anonymous, cycling over 200 registered demo
 *   numbers) and at GET /api/listings; requests per second, p50, p99, errors and non-2xx.
 *   On PGlite with one instance, and on PostgreSQL with two instances (the connections
 *   spread over both), each beside a bare Fastify route ({ ok: true }) in as many processes,
 *   measured in the same run.
 *
 * - On PostgreSQL with two instances, also: the push (push-load.ts) with 1, 5 and 20 devices
 *   [≥ 10,000 changes/s with 20], nothing lost and nothing applied twice, beside a bare route
 *   parsing the same pushes; and the verify API with 50,000 registered plates (1,000,000 too
 *   with `--growth`: its seed takes a minute or so), the registry filled by one generate_series
 *   statement, each beside a bare route measured just before: over 2,000 numbers asked in turn
 *   [≥ 0.75 of bare] (each read from the database the first time each instance is asked, then
 *   kept), over 2,000 numbers each connection asks from the first, and with every request a
 *   number not asked before, beside the database transactions each phase cost.
 *
 * PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL): a database is made
 * for the run on that server and dropped after it. Without one they are skipped, and the
 * bench says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoRegistryPlates } from '../../src/server/seed/demo-registry';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { figureLine, median, ms, percentile, type Print, runInChild, type LoadSummary } from './figures';
import { BARE_PUSH_SCRIPT, checkOnce, ordersFor, PUSH_BATCH, type PushRun, pushFor, seedShopOrders } from './push-load';

export interface LoadBenchOptions {
  root: string;
}

const BASE_PORT = Number(process.env.BENCH_LOAD_PORT ?? 8630);
const PHASE_S = Number(process.env.BENCH_LOAD_SECONDS ?? 4);
const REGISTRY_PLATES = Number(process.env.BENCH_LOAD_REGISTRY_PLATES ?? 5000);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 50);
const LOAD_CONNECTIONS = 10;
const VERIFY_PLATES = 200;
const PROBE_PATH = '/api/listings';
const PROBE_TARGET_MS = 50;
const VERIFY_TARGET = 0.75;
const PUSH_TARGET = 10_000;
const PUSH_DEVICES = [1, 5, 20];
/** Registry sizes the verify API is measured at on PostgreSQL; 1,000,000 only with --growth (its seed takes a while). */
const GROWTH_SIZES = process.argv.includes('--growth') ? [50_000, 1_000_000] : [50_000];
/** Distinct registered numbers the verify API cycles over at each registry size. */
const GROWTH_PLATES = 2000;
/** At most this many numbers for the phase where every request is a first read (more than a phase asks for). */
const FIRST_READS_MAX = 100_000;
const START_TIMEOUT_MS = 120_000;

/**
 * Before a throughput phase, its servers are sent WARMUP_S seconds of requests that are not
 * counted (the reference's as well): a 4 s phase on a server that has just started measured its
 * compiler warming up as much as the route. Run by hand, one PostgreSQL instance answered
 * 4,923 verifies in its first second and 19,000–22,000 in each after.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

// Autocannon in its own process. `urls`: one server or several (its connections are dealt
// out over them); `paths`: the requests, cycled by each connection from the first, so that the
// connections ask for the same paths at about the same time; with `oneCursor`, handed out in turn
// to whichever connection sends next, so that requests at the same time ask for different paths,
// as different people do; `pathsFile`: the paths in a JSON file instead (a list too long for the
// environment); `flood`: sign-in attempts instead; `warmup`: requests sent for `warmupSeconds`
// first, not counted.
const LOAD_SCRIPT = `
const autocannon = require('autocannon');
const input = JSON.parse(process.env.BENCH_INPUT);
const { urls, connections, duration, oneCursor, flood, warmup, warmupSeconds } = input;
const paths = input.pathsFile ? JSON.parse(require('node:fs').readFileSync(input.pathsFile, 'utf8')) : input.paths;
let next = 0;
const inTurn = (list) => {
  let cursor = 0;
  return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: list[cursor++ % list.length] }) }];
};
const requestsFor = (list) => (oneCursor ? inTurn(list) : list.map((path) => ({ method: 'GET', path })));
const requests = flood
  ? [{
      method: 'POST',
      setupRequest: (request) => {
        next += 1;
        // A wrong password for a real account, then an unknown email never tried before.
        const email = next % 2 === 0 ? 'admin@nambala.zm' : 'flood-' + next + '-' + process.pid + '@example.zm';
        const headers = { ...request.headers, 'content-type': 'application/json' };
        return { ...request, method: 'POST', path: '/api/auth/login', headers, body: JSON.stringify({ email, password: 'Wrong#guess' + next }) };
      },
    }]
  : requestsFor(paths);
const url = urls.length === 1 ? urls[0] : urls;
const measure = () => autocannon({ url, connections, duration, requests }, (error, result) => {
  if (error) { process.stderr.write(String(error)); process.exit(1); }
  const { requests, latency, errors, timeouts, non2xx, statusCodeStats } = result;
  process.stdout.write(JSON.stringify({ requests, latency, errors, timeouts, non2xx, statusCodeStats }));
});
if (warmup.length === 0 || warmupSeconds <= 0) measure();
else
  autocannon({ url, connections, duration: warmupSeconds, requests: requestsFor(warmup) }, (error) => {
    if (error) { process.stderr.write(String(error)); process.exit(1); }
    measure();
  });`;

// A bare Fastify route, the reference: what this machine's Node and Fastify answer with nothing to do.
const BARE_SCRIPT = `
const fastify = require('fastify')({ logger: false });
fastify.get('/ok', async () => ({ ok: true }));
fastify.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' }).catch((error) => { process.stderr.write(String(error)); process.exit(1); });`;

const runLoad = (
  root: string,
  input: {
    urls: string[];
    connections: number;
    duration: number;
    paths?: string[];
    pathsFile?: string;
    oneCursor?: boolean;
    flood?: boolean;
    warmup?: string[];
  },
) =>
  runInChild<LoadSummary>(
    root,
    LOAD_SCRIPT,
    { paths: [], oneCursor: false, flood: false, warmup: [], warmupSeconds: WARMUP_S, ...input },
    (input.duration + WARMUP_S + 60) * 1000,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The machine's load over the last minute: other work on it moves these figures more than anything measured. */
const machineLoad = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores`;
const origin = (port: number) => `http://127.0.0.1:${port}`;

interface Running {
  origin: string;
  stop(): Promise<void>;
}

/** Stops a child with SIGTERM (SIGKILL after 10 s), waiting for it to exit. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before it answered`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  await stopChild(child);
  throw new Error(`${what} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/** Real server processes, started at the same moment (as behind a load balancer), answering once all are up. */
async function startServers(root: string, ports: number[], env: Record<string, string>): Promise<Running[]> {
  // Measure these servers, never one some other run left on a port.
  for (const port of ports) {
    if (
      await fetch(`${origin(port)}/api/health`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${port} is already in use; stop that server or set BENCH_LOAD_PORT`);
  }
  const children = ports.map((port) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        APP_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        SEED_DEMO: 'true',
        DEMO_REGISTRY_PLATES: String(REGISTRY_PLATES),
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    process.on('exit', () => child.kill('SIGTERM'));
    return child;
  });
  try {
    await Promise.all(
      children.map((child, index) =>
        waitFor(`${origin(ports[index] ?? 0)}/api/health`, child, `the server on port ${ports[index]}`),
      ),
    );
  } catch (error) {
    await Promise.all(children.map(stopChild));
    throw error;
  }
  return children.map((child, index) => ({ origin: origin(ports[index] ?? 0), stop: () => stopChild(child) }));
}

async function startBare(root: string, ports: number[], script = BARE_SCRIPT): Promise<Running[]> {
  const children = ports.map((port) =>
    spawn(process.execPath, ['-e', script], {
      cwd: root,
      env: { ...process.env, BARE_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await Promise.all(
    children.map((child, index) =>
      waitFor(`${origin(ports[index] ?? 0)}/ok`, child, `the bare route on port ${ports[index]}`),
    ),
  );
  return children.map((child, index) => ({ origin: origin(ports[index] ?? 0), stop: () => stopChild(child) }));
}

interface Probe {
  latencies: number[];
  failures: number;
}

/** GET `path` one request after another for `ms`, over the servers in turn; each request's latency. */
async function probe(origins: string[], pathName: string, ms: number): Promise<Probe> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + ms;
  for (let i = 0; performance.now() < until; i += 1) {
    const started = performance.now();
    try {
      const response = await fetch(origins[i % origins.length] + pathName);
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
  }
  return { latencies, failures };
}

const probeDetail = (result: Probe) =>
  `p50 ${ms(median(result.latencies))}, max ${ms(Math.max(...result.latencies))}; ${result.latencies.length.toLocaleString('en')} requests, ${result.failures} failed`;

function statusCounts(summary: LoadSummary): string {
  const entries = Object.entries(summary.statusCodeStats ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  return (
    entries.map(([status, { count }]) => `${Number(count).toLocaleString('en')} × ${status}`).join(', ') || 'no answers'
  );
}

/** The probe with no flood, then the probe while the flood runs, on the same servers. */
async function signInFlood(print: Print, root: string, servers: Running[], label: string): Promise<void> {
  const origins = servers.map((server) => server.origin);
  print(label);
  await probe(origins, PROBE_PATH, 1000); // warm-up
  const quiet = await probe(origins, PROBE_PATH, PHASE_S * 1000);
  print(
    figureLine(`GET ${PROBE_PATH}, no flood: p99`, ms(percentile(quiet.latencies, 0.99)), null, probeDetail(quiet)),
  );
  const flood = runLoad(root, { urls: origins, connections: FLOOD_CONNECTIONS, duration: PHASE_S + 1, flood: true });
  // Once autocannon has connected; the probe ends before the flood does.
  await sleep(500);
  const during = await probe(origins, PROBE_PATH, PHASE_S * 1000);
  const flooded = await flood;
  const p99 = percentile(during.latencies, 0.99);
  print(
    figureLine(
      `GET ${PROBE_PATH}, during the flood: p99`,
      ms(p99),
      { text: `p99 ≤ ${PROBE_TARGET_MS} ms`, pass: p99 <= PROBE_TARGET_MS && during.failures === 0 },
      probeDetail(during),
    ),
  );
  print(
    figureLine(
      'the flood: sign-in attempts',
      `${Math.round(flooded.requests.average).toLocaleString('en')}/s`,
      null,
      `${statusCounts(flooded)}; ${flooded.errors} errors, ${flooded.timeouts} timeouts; latency p50 ${flooded.latency.p50} ms, p99 ${flooded.latency.p99} ms`,
    ),
  );
  // Let the last checked guesses (and what they queued) finish before the next phase: a
  // phase measured while they do reads the flood's cost, not its own.
  await settled(origins);
}

/** Waits (at most 20 s) until five health checks in a row on every server answer within 5 ms. */
async function settled(origins: string[]): Promise<void> {
  const until = performance.now() + 20_000;
  let quick = 0;
  while (quick < 5 && performance.now() < until) {
    await sleep(200);
    const started = performance.now();
    const answered = await Promise.all(
      origins.map((at) =>
        fetch(`${at}/api/health`).then(
          (response) => response.ok,
          () => false,
        ),
      ),
    );
    quick = answered.every(Boolean) && performance.now() - started <= 5 ? quick + 1 : 0;
  }
}

function loadLine(name: string, result: LoadSummary): string {
  return figureLine(
    name,
    `${Math.round(result.requests.average).toLocaleString('en')}/s`,
    null,
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result.requests.total.toLocaleString('en')} requests, ` +
      `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
  );
}

/** The verify API and the listing under load on `servers`, beside bare routes on `barePorts` (as many processes). */
async function underLoad(
  print: Print,
  root: string,
  servers: Running[],
  barePorts: number[],
  plates: string[],
): Promise<void> {
  const urls = servers.map((server) => server.origin);
  const common = { connections: LOAD_CONNECTIONS, duration: PHASE_S };
  // The numbers must be registered here, or every answer would be a cheap 'Unknown plate'.
  const last = plates.at(-1) ?? '';
  const checked = (await (await fetch(`${urls[0]}/api/verification/${last}`)).json()) as { verdict?: string };
  if (checked.verdict === 'Unknown plate')
    print(`note: ${last} is not in this server's registry; the verify figure is of unknown numbers`);
  const bare = await startBare(root, barePorts);
  let reference: LoadSummary;
  try {
    reference = await runLoad(root, {
      ...common,
      urls: bare.map((server) => server.origin),
      paths: ['/ok'],
      warmup: ['/ok'],
    });
  } finally {
    await Promise.all(bare.map((server) => server.stop()));
  }
  const verifyPaths = plates.map((plate) => `/api/verification/${plate}`);
  const verify = await runLoad(root, { ...common, urls, paths: verifyPaths, warmup: verifyPaths });
  const listings = await runLoad(root, { ...common, urls, paths: ['/api/listings'], warmup: ['/api/listings'] });
  const where = servers.length === 1 ? 'one process' : `${servers.length} processes`;
  print(loadLine(`bare Fastify GET → { ok: true }, ${where}`, reference));
  print(loadLine(`GET /api/verification/:plate, ${plates.length} plates`, verify));
  print(loadLine('GET /api/listings', listings));
  const ratio = (result: LoadSummary) => result.requests.average / reference.requests.average;
  const isClean = verify.errors + verify.timeouts + verify.non2xx === 0;
  print(
    figureLine(
      'verify ÷ bare',
      ratio(verify).toFixed(2),
      { text: `≥ ${VERIFY_TARGET}`, pass: ratio(verify) >= VERIFY_TARGET && isClean },
      `listings ÷ bare ${ratio(listings).toFixed(2)}; ${LOAD_CONNECTIONS} connections, ${PHASE_S} s each`,
    ),
  );
}

async function signInAgent(at: string): Promise<string> {
  const response = await fetch(`${at}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@nambala.zm', password: 'Agent#2026' }),
  });
  if (!response.ok) throw new Error(`the agent's sign-in failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const perSecond = (run: PushRun) => run.applied / run.seconds;

/**
 * The push with 1, 5 and 20 devices at once through the servers, each checked (stored once,
 * a push sent again changes nothing), then the same 20 devices against bare routes.
 */
async function pushFigures(
  print: Print,
  root: string,
  servers: Running[],
  barePorts: number[],
  cookie: string,
  database: pg.Client,
): Promise<void> {
  const origins = servers.map((server) => server.origin);
  const seconds = await seedShopOrders(database, ordersFor(PHASE_S));
  print(`(the demo shop given the orders its sales name, in one statement: ${seconds.toFixed(1)} s)`);
  await pushFor(origins, '/api/sync/push', cookie, 2, 1); // warm-up
  const runs: PushRun[] = [];
  for (const devices of PUSH_DEVICES) {
    const run = await pushFor(origins, '/api/sync/push', cookie, devices, PHASE_S);
    const problem = await checkOnce(database, origins, cookie, run);
    runs.push(run);
    const rate = perSecond(run);
    const isTarget = devices === Math.max(...PUSH_DEVICES);
    print(
      figureLine(
        `push, ${devices} device${devices === 1 ? '' : 's'}`,
        `${Math.round(rate).toLocaleString('en')}/s`,
        isTarget
          ? {
              text: `≥ ${PUSH_TARGET.toLocaleString('en')}/s`,
              pass: rate >= PUSH_TARGET && !problem && run.failures.length === 0,
            }
          : null,
        `${run.pushes.toLocaleString('en')} pushes in ${run.seconds.toFixed(1)} s, ${run.failures.length} failed${run.failures[0] ? ` (${run.failures[0]})` : ''}; ` +
          (problem || 'each stored once, pushes sent again changed nothing'),
      ),
    );
  }
  const bare = await startBare(root, barePorts, BARE_PUSH_SCRIPT);
  let reference: PushRun;
  try {
    reference = await pushFor(
      bare.map((server) => server.origin),
      '/push',
      '',
      Math.max(...PUSH_DEVICES),
      PHASE_S,
    );
  } finally {
    await Promise.all(bare.map((server) => server.stop()));
  }
  print(
    figureLine(
      `bare Fastify POST of the same pushes, ${Math.max(...PUSH_DEVICES)} devices`,
      `${Math.round(perSecond(reference)).toLocaleString('en')}/s`,
      null,
      `${reference.pushes.toLocaleString('en')} pushes; parses each and answers as many results`,
    ),
  );
  const [one, ...more] = runs;
  print(
    figureLine(
      'push growth: ÷ 1 device, ÷ bare',
      more.map((run) => (one ? perSecond(run) / perSecond(one) : 0).toFixed(1)).join(', '),
      null,
      `${more.map((run) => `${run.devices} devices`).join(', ')} against 1 (work ×${more.map((run) => run.devices).join(', ×')}); ` +
        `${Math.max(...PUSH_DEVICES)} devices ÷ bare ${(perSecond(runs.at(-1) ?? reference) / perSecond(reference)).toFixed(2)}`,
    ),
  );
}

/** The n-th plate number of the growth seed (ZM-000-AAA …), as the seed's SQL makes it. */
function growthPlate(n: number): string {
  const letters = [2, 1, 0]
    .map((place) => String.fromCharCode(65 + (Math.floor(n / 1000 / 26 ** place) % 26)))
    .join('');
  return `ZM-${String(n % 1000).padStart(3, '0')}-${letters}`;
}

/**
 * Adds the growth seed's plates `from` to `to` (exclusive) in one statement (generate_series;
 * a dummy credential signed by nothing, buckets by number, not as devices place them: no
 * device copies them here; a number the demo already holds is skipped) and recounts the
 * registry's buckets; returns the seconds it took.
 */
async function seedRegistry(database: pg.Client, from: number, to: number): Promise<number> {
  const started = performance.now();
  await database.query(
    `INSERT INTO registered_plates (plate_number, make, model, colour, year, chassis_number, owner_name, owner_nrc,
       registration_date, expiry_date, standing, key_id, credential, bucket)
     SELECT 'ZM-' || lpad((n % 1000)::text, 3, '0') || '-' || chr(65 + (n / 1000 / 676) % 26) || chr(65 + (n / 1000 / 26) % 26) || chr(65 + (n / 1000) % 26),
       'Toyota', 'Corolla', 'White', 2019, 'GROWTH' || n, 'Growth Owner ' || n, '123456/78/9',
       DATE '2025-01-01', DATE '2030-01-01', 'Valid', (SELECT key_id FROM signing_keys WHERE status = 'active'), decode(repeat('00', 64), 'hex'), n % 4096
     FROM generate_series($1::int, $2::int) AS n
     ON CONFLICT (plate_number) DO NOTHING`,
    [from, to - 1],
  );
  await registryRepository({
    query: async (text, params = []) => (await database.query(text, [...params])).rows as never,
  }).refreshBuckets('all');
  // As after any bulk load: the planner's figures for the table are those of before it until
  // the next automatic analysis, which would otherwise fall inside a measured phase.
  await database.query('ANALYZE registered_plates');
  return (performance.now() - started) / 1000;
}

/**
 * Transactions the database has committed, as its statistics count them: how many reads a phase
 * cost. The statistics are written by each backend at most once a second, so this waits for them.
 */
async function committedTransactions(database: pg.Client): Promise<number> {
  await sleep(1500);
  await database.query('SELECT pg_stat_clear_snapshot()');
  const [row] = (
    await database.query<{ committed: string }>(
      'SELECT xact_commit AS committed FROM pg_stat_database WHERE datname = current_database()',
    )
  ).rows;
  return Number(row?.committed ?? 0);
}

/** The verify API at each registry size, cycling over numbers of the seed, beside bare routes measured just before. */
async function registryGrowth(
  print: Print,
  root: string,
  servers: Running[],
  barePorts: number[],
  database: pg.Client,
): Promise<void> {
  const urls = servers.map((server) => server.origin);
  const common = { connections: LOAD_CONNECTIONS, duration: PHASE_S };
  const ratios: Array<{ size: number; ratio: number }> = [];
  let seeded = 0;
  for (const size of GROWTH_SIZES) {
    const [before] = (await database.query<{ count: string }>('SELECT count(*) AS count FROM registered_plates')).rows;
    const to = seeded + Math.max(0, size - Number(before?.count ?? 0));
    const seconds = await seedRegistry(database, seeded, to);
    seeded = to;
    const [row] = (await database.query<{ count: string }>('SELECT count(*) AS count FROM registered_plates')).rows;
    // Spread over the whole seed so far, the newest included.
    const spread = (offset: number) =>
      Array.from(
        { length: GROWTH_PLATES - offset },
        (_, index) =>
          `/api/verification/${growthPlate(Math.floor((index * (seeded - 1)) / (GROWTH_PLATES - 1)) + offset)}`,
      );
    const bare = await startBare(root, barePorts);
    let reference: LoadSummary;
    try {
      reference = await runLoad(root, {
        ...common,
        urls: bare.map((server) => server.origin),
        paths: ['/ok'],
        warmup: ['/ok'],
      });
    } finally {
      await Promise.all(bare.map((server) => server.stop()));
    }
    // Each pattern warms the servers on numbers of its own, next to those it measures: every
    // measured number is still read from the database the first time each server is asked for it.
    // Asked in turn, requests at the same time are for different numbers, as from different
    // people; cycled by each connection from the first, every connection asks for the same number
    // at about the same time, and waits for the one read that answers them all.
    const patterns = [
      { oneCursor: true, paths: spread(0), warmup: spread(1), how: 'numbers asked in turn' },
      { oneCursor: false, paths: spread(2), warmup: spread(3), how: 'the same numbers at once on every connection' },
    ];
    for (const { oneCursor, paths, warmup, how } of patterns) {
      const transactionsBefore = await committedTransactions(database);
      const verify = await runLoad(root, { ...common, urls, paths, warmup, oneCursor });
      const transactions = (await committedTransactions(database)) - transactionsBefore;
      const ratio = verify.requests.average / reference.requests.average;
      print(
        figureLine(
          `verify, ${Number(row?.count ?? 0).toLocaleString('en')} plates registered, ${how}`,
          `${Math.round(verify.requests.average).toLocaleString('en')}/s`,
          oneCursor
            ? {
                text: `≥ ${VERIFY_TARGET} of bare`,
                pass: ratio >= VERIFY_TARGET && verify.non2xx + verify.errors === 0,
              }
            : null,
          `bare ${Math.round(reference.requests.average).toLocaleString('en')}/s, ratio ${ratio.toFixed(2)}; p99 ${verify.latency.p99} ms; ` +
            `${paths.length.toLocaleString('en')} numbers cycled; ${verify.non2xx} non-2xx; ` +
            `${transactions.toLocaleString('en')} database transactions for ${Math.round(verify.requests.total).toLocaleString('en')} requests ` +
            `and ${(2 * paths.length * servers.length).toLocaleString('en')} first reads, warm-up included`,
        ),
      );
    }
    // Every request a number not asked before, spread over the whole registry: a first read each,
    // as where the registry is far larger than what an instance keeps. The servers are warm from
    // the patterns above.
    const count = Math.min(seeded, FIRST_READS_MAX);
    const pathsFile = path.join(await mkdtemp(path.join(tmpdir(), 'nambala-paths-')), 'paths.json');
    await writeFile(
      pathsFile,
      JSON.stringify(
        Array.from(
          { length: count },
          (_, index) => `/api/verification/${growthPlate(Math.floor((index * seeded) / count))}`,
        ),
      ),
    );
    const transactionsBefore = await committedTransactions(database);
    const firstReads = await runLoad(root, { ...common, urls, pathsFile, oneCursor: true, warmup: [] });
    const transactions = (await committedTransactions(database)) - transactionsBefore;
    await rm(path.dirname(pathsFile), { recursive: true, force: true });
    const ratio = firstReads.requests.average / reference.requests.average;
    ratios.push({ size, ratio });
    const asked = Math.round(firstReads.requests.total);
    print(
      figureLine(
        `verify, ${Number(row?.count ?? 0).toLocaleString('en')} plates registered, every request a first read`,
        `${Math.round(firstReads.requests.average).toLocaleString('en')}/s`,
        null,
        `bare ${Math.round(reference.requests.average).toLocaleString('en')}/s, ratio ${ratio.toFixed(2)}; p99 ${firstReads.latency.p99} ms; ` +
          `${asked.toLocaleString('en')} requests${asked > count ? ` (over ${count.toLocaleString('en')} numbers: some asked twice)` : ', each for another number'}; ` +
          `${firstReads.non2xx} non-2xx; ${transactions.toLocaleString('en')} database transactions`,
      ),
    );
    print(`(the registry seeded to ${Number(row?.count ?? 0).toLocaleString('en')} plates in ${seconds.toFixed(1)} s)`);
  }
  const [first, last] = [ratios[0], ratios.at(-1)];
  if (first && last && last !== first)
    print(
      figureLine(
        'verify growth, first reads: ratio to bare, largest ÷ smallest',
        (last.ratio / first.ratio).toFixed(2),
        null,
        `registry ×${(last.size / first.size).toFixed(0)}; a lookup's work grows with the index's depth only`,
      ),
    );
  else if (!GROWTH_SIZES.includes(1_000_000))
    print('verify with 1,000,000 plates registered: not measured (add --growth; its seed takes a minute or more here)');
}

/** Registered demo numbers, as the seed makes them (its numbers do not depend on the day). */
function seededPlates(): string[] {
  const today = new Date().toISOString().slice(0, 10);
  const listed = new Set(DEMO_LISTINGS.map((listing) => listing.number));
  return demoRegistryPlates(Math.min(REGISTRY_PLATES, VERIFY_PLATES), today, listed).map((plate) => plate.plateNumber);
}

async function pgliteFigures(print: Print, root: string, plates: string[]): Promise<void> {
  print('');
  print(
    `PGlite, one server process (demo registry of ${REGISTRY_PLATES.toLocaleString('en')} plates; ${machineLoad()})`,
  );
  const limited = await startServers(root, [BASE_PORT], {
    DATA_DIR: 'memory://',
    SIGNING_KEY_DIR: 'memory://',
    AUTH_RATE_LIMIT: '60',
  });
  try {
    const label = `Sign-in flood, AUTH_RATE_LIMIT=60 (on, counted in the process), ${FLOOD_CONNECTIONS} connections from one address`;
    await signInFlood(print, root, limited, `${label} (target: p99 ≤ ${PROBE_TARGET_MS} ms)`);
  } finally {
    await Promise.all(limited.map((server) => server.stop()));
  }
  const open = await startServers(root, [BASE_PORT + 1], {
    DATA_DIR: 'memory://',
    SIGNING_KEY_DIR: 'memory://',
    AUTH_RATE_LIMIT: '0',
  });
  try {
    const label = `Sign-in flood, AUTH_RATE_LIMIT=0 (off: every guess checked), ${FLOOD_CONNECTIONS} connections`;
    await signInFlood(print, root, open, `${label} (target: p99 ≤ ${PROBE_TARGET_MS} ms)`);
    print(`Under load (${machineLoad()})`);
    await underLoad(print, root, open, [BASE_PORT + 2], plates);
  } finally {
    await Promise.all(open.map((server) => server.stop()));
  }
}

async function postgresFigures(print: Print, root: string, plates: string[], serverUrl: string): Promise<void> {
  print('');
  print(
    `PostgreSQL, two server processes on one database (demo registry of ${REGISTRY_PLATES.toLocaleString('en')} plates; ${machineLoad()}), requests spread over both`,
  );
  const database = `nambala_load_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const keyDir = await mkdtemp(path.join(tmpdir(), 'nambala-load-'));
  try {
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    // One signing key given to both, as an operator gives it to every instance.
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const env = {
      DATABASE_URL: url.toString(),
      SIGNING_KEY_PEM: pem,
      SIGNING_KEY_ID: '1',
      SIGNING_KEY_DIR: keyDir,
      AUTH_RATE_LIMIT: '60',
    };
    const servers = await startServers(root, [BASE_PORT + 3, BASE_PORT + 4], env);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      // Before the flood, which spends this address's sign-ins for the minute.
      const agent = await signInAgent(servers[0]?.origin ?? '');
      const label = `Sign-in flood, AUTH_RATE_LIMIT=60 (on, counted in the database for both), ${FLOOD_CONNECTIONS} connections from one address over both`;
      await signInFlood(print, root, servers, `${label} (target: p99 ≤ ${PROBE_TARGET_MS} ms)`);
      print(`Under load (${machineLoad()})`);
      await underLoad(print, root, servers, [BASE_PORT + 5, BASE_PORT + 6], plates);
      print(`Push: devices at once, ${PUSH_BATCH} whitebook sales a push, spread over both (${machineLoad()})`);
      await pushFigures(print, root, servers, [BASE_PORT + 5, BASE_PORT + 6], agent, client);
      print(`Verify as the registry grows (${machineLoad()})`);
      await registryGrowth(print, root, servers, [BASE_PORT + 5, BASE_PORT + 6], client);
    } finally {
      await client.end();
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await rm(keyDir, { recursive: true, force: true });
  }
}

export async function loadFigures(print: Print, options: LoadBenchOptions): Promise<void> {
  print('');
  print(`Load: real server processes, each phase ${PHASE_S} s (targets in brackets)`);
  const plates = seededPlates();
  await pgliteFigures(print, options.root, plates);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    print('');
    print(
      'PostgreSQL with two server processes: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to measure it)',
    );
    return;
  }
  await postgresFigures(print, options.root, plates, serverUrl);
}
