/**
 * Load figures for `npm run bench` (`--load-only` runs just these; targets in brackets).
 * Every server here is a real server process (src/server/server.ts, as in production) with
 * the demo data set and a demo registry of BENCH_LOAD_REGISTRY_PLATES plates (default
 * 5,000), on loopback ports BENCH_LOAD_PORT (default 8630) to +6. Load comes from other
 * processes (autocannon), so nothing shares the servers' event loops but what is measured.
 * Each phase lasts BENCH_LOAD_SECONDS (default 4) seconds; the whole stops by itself.
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
 * PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL): a database is made
 * for the run on that server and dropped after it. Without one they are skipped, and the
 * bench says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoRegistryPlates } from '../../src/server/seed/demo-registry';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { figureLine, median, ms, percentile, type Print, runInChild, type LoadSummary } from './figures';

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
const START_TIMEOUT_MS = 120_000;

// Autocannon in its own process. `urls`: one server or several (its connections are dealt
// out over them); `paths`: the requests, cycled; `flood`: sign-in attempts instead.
const LOAD_SCRIPT = `
const autocannon = require('autocannon');
const { urls, connections, duration, paths, flood } = JSON.parse(process.env.BENCH_INPUT);
let next = 0;
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
  : paths.map((path) => ({ method: 'GET', path }));
autocannon({ url: urls.length === 1 ? urls[0] : urls, connections, duration, requests }, (error, result) => {
  if (error) { process.stderr.write(String(error)); process.exit(1); }
  const { requests, latency, errors, timeouts, non2xx, statusCodeStats } = result;
  process.stdout.write(JSON.stringify({ requests, latency, errors, timeouts, non2xx, statusCodeStats }));
});`;

// A bare Fastify route, the reference: what this machine's Node and Fastify answer with nothing to do.
const BARE_SCRIPT = `
const fastify = require('fastify')({ logger: false });
fastify.get('/ok', async () => ({ ok: true }));
fastify.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' }).catch((error) => { process.stderr.write(String(error)); process.exit(1); });`;

const runLoad = (
  root: string,
  input: { urls: string[]; connections: number; duration: number; paths?: string[]; flood?: boolean },
) => runInChild<LoadSummary>(root, LOAD_SCRIPT, { paths: [], flood: false, ...input }, (input.duration + 60) * 1000);

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

async function startBare(root: string, ports: number[]): Promise<Running[]> {
  const children = ports.map((port) =>
    spawn(process.execPath, ['-e', BARE_SCRIPT], {
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
  // Let the last checked guesses finish before the next phase.
  await sleep(1000);
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
    reference = await runLoad(root, { ...common, urls: bare.map((server) => server.origin), paths: ['/ok'] });
  } finally {
    await Promise.all(bare.map((server) => server.stop()));
  }
  const verify = await runLoad(root, { ...common, urls, paths: plates.map((plate) => `/api/verification/${plate}`) });
  const listings = await runLoad(root, { ...common, urls, paths: ['/api/listings'] });
  const where = servers.length === 1 ? 'one process' : `${servers.length} processes`;
  print(loadLine(`bare Fastify GET → { ok: true }, ${where}`, reference));
  print(loadLine(`GET /api/verification/:plate, ${plates.length} plates`, verify));
  print(loadLine('GET /api/listings', listings));
  const ratio = (result: LoadSummary) => (result.requests.average / reference.requests.average).toFixed(2);
  print(
    figureLine(
      'verify ÷ bare, listings ÷ bare',
      `${ratio(verify)}, ${ratio(listings)}`,
      null,
      `${LOAD_CONNECTIONS} connections, ${PHASE_S} s each`,
    ),
  );
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
    try {
      const label = `Sign-in flood, AUTH_RATE_LIMIT=60 (on, counted in the database for both), ${FLOOD_CONNECTIONS} connections from one address over both`;
      await signInFlood(print, root, servers, `${label} (target: p99 ≤ ${PROBE_TARGET_MS} ms)`);
      print(`Under load (${machineLoad()})`);
      await underLoad(print, root, servers, [BASE_PORT + 5, BASE_PORT + 6], plates);
    } finally {
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
