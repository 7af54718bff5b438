/**
 * `npm run bench`: prints Nambala's performance figures. Builds the app, starts
 * the real server on loopback with the demo data, then measures each page's first
 * load in headless Chromium. Every load is bounded; the script stops by itself.
 *
 * Figures (issue targets in brackets):
 * - first load (see first-load-bench.ts): gzip KiB of JavaScript fetched by the first load of
 *   /, /marketplace, /verification until ready [≤ 170]; Lighthouse mobile performance score
 *   and Total Blocking Time for the same pages [≥ 95], beside a plain React page and a bare
 *   Chakra UI page rendering the same elements, measured in the same rounds; on a slowed
 *   phone (CPU 4×, slow 4G; see interaction-bench.ts), /verification's navigation → verdict
 *   [≤ 3 s] and worst key → next paint [≤ 100 ms], /marketplace's tap → listing dialog
 *   [≤ 300 ms], each beside a plain page's; every dashboard route's JavaScript until ready,
 *   signed in as its demo account [≤ 250]
 * - sync: push throughput and a 100,000-record first sync (see sync-bench.ts)
 * - verification (see verification-bench.ts): camera start to verdict with a fake
 *   camera [median ≤ 500 ms]; offline verdict compute for QR credentials and typed
 *   numbers [p95 ≤ 20 ms]; verify API requests/s against a bare Fastify route
 *   [ratio ≥ 0.5]; the registry copy onto a device at 100,000 and 1,000,000 plates
 *   [1,000,000 in ≤ 60 s], its storage, and lookups in it [≤ 5 ms]
 * - marketplace (see marketplace-bench.ts): filter plus sort over 10,000 listings in
 *   the browser, from the app's own measures while a buyer types, sorts and filters
 *   [p95 ≤ 16 ms]; POST /api/listings/:id/buy under concurrent load (20 connections,
 *   400 buyers, 200 plates): requests/s, latency, status counts, and double sales
 *   found in the database afterwards [0, and no 5xx]
 * - certificates (see certificate-bench.ts): a certificate PDF made in headless Chromium,
 *   as is and with the CPU slowed 4×, beside drawing its QR code alone [≤ 500 ms]
 * - fleet (see fleet-bench.ts): Vehicles & Fleet for an owner of 5,000 vehicles, from the
 *   device's store: the first page [≤ 100 ms] and a search per keystroke [≤ 16 ms]
 * - reports (see report-bench.ts): the System Dashboard and Reports & Analytics over
 *   100,000 accounts and requests, 1,000,000 registry plates and audit events, on PGlite
 *   and PostgreSQL [≤ 300 ms of server time each]; the 100,000-row users CSV streamed
 *   [≤ 5 s, server memory growing ≤ 50 MB]
 * - claims (see claims-bench.ts): a camera photo resized and stored on the device (ms per
 *   photo, beside a plain IndexedDB put), and a 20-photo claim made offline synced after
 *   reconnecting (seconds; photo bytes sent against bytes stored)
 * - load (see load-bench.ts): a normal request's latency while a flood of wrong sign-in
 *   guesses runs, beside the same with no flood [p99 ≤ 50 ms], with the account routes'
 *   limit on and off; the verify API [≥ 0.75 of a bare Fastify route] and the marketplace
 *   listing under load beside a bare route, on PGlite with one server process and on PostgreSQL
 *   with two; on two instances, the push with 1, 5 and 20 devices [≥ 10,000 changes/s with 20]
 *   beside a bare route parsing the same pushes, and the verify API with 50,000 (and with
 *   `--growth` 1,000,000) registered plates
 * - hostile input (see hostile-bench.ts): the server's longest event-loop delay and the
 *   slowest /api/health [≤ 50 ms each] during a fleet import of 7 MB of empty lines, one of
 *   10,000 rows, and 200 pushes nested 6,000 levels deep, each beside a quiet phase's
 *
 * - key replacement (see key-bench.ts): a revoked key's 50,000 plates re-issued by the re-issue
 *   run: time to re-issue all and plates/s, beside the bare signing and writing of the same
 *   plates; plates sampled during the run that the registry holds as valid and yet read as
 *   possibly forged [0]
 * - partner API (see partner-bench.ts): the bulk check of 100 plates beside one plate's check,
 *   medians of 40 calls each in the same run [bulk of 100 ≤ 5× one call]
 *
 * `--no-build` measures the last build; `--first-load-only` only the first-load figures
 * (LIGHTHOUSE_RUNS, default 5 in this mode and 3 otherwise; the reference pages are served on
 * BENCH_REFERENCE_PORT, default BENCH_PORT + 3, and the marketplace's growth figures' server on
 * BENCH_GROWTH_PORT, default BENCH_PORT + 4; the app over TLS and HTTP/2, with the tests' loopback
 * certificate, on BENCH_SECURE_PORT, default BENCH_PORT + 5), `--js-only` only their JavaScript figures (no
 * Lighthouse, no slowed phone); `--sync-only`
 * runs only the sync figures; `--verification-only` only the verification figures
 * (on ports BENCH_VERIFICATION_PORT, default 8400, to +2), `--registry-copy-only` only
 * the registry copy at scale among them; `--marketplace-only` only
 * the marketplace figures (on ports BENCH_MARKETPLACE_PORT, default 8450, and +1);
 * `--certificates-only` only the certificate figures (no build, no server: the bench
 * bundles the certificate code itself); `--fleet-only` only the Vehicles & Fleet figures
 * (no build, no server: see fleet-bench.ts); `--reports-only` only the reports figures (no
 * build; the servers run in this process: see report-bench.ts); `--claims-only` only the
 * claims figures (no build; the server runs in this process, on BENCH_CLAIMS_PORT, default 8480);
 * `--load-only` only the load figures (no build; server processes on BENCH_LOAD_PORT, default
 * 8630, to +6; PostgreSQL ones when BENCH_DATABASE_URL or TEST_DATABASE_URL is set);
 * `--keys-only` only the key replacement figures (no build, no server: the database runs in this process);
 * `--partner-only` only the partner API figures (no build; the server runs in this process);
 * `--hostile-only` only the hostile-input figures (no build; one server process on
 * BENCH_HOSTILE_PORT, default 8700); `--ussd-only` only the USSD step beside the verification
 * API call (no build, no browser; the server runs in this process on BENCH_PORT: see ussd-bench.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { certificateFigures } from './certificate-bench';
import { claimsFigures } from './claims-bench';
import { firstLoadFigures } from './first-load-bench';
import { fleetFigures } from './fleet-bench';
import { keyReplacementFigures } from './key-bench';
import { partnerFigures } from './partner-bench';
import { ussdFigures } from './ussd-bench';
import { hostileFigures } from './hostile-bench';
import { loadFigures } from './load-bench';
import { reportFigures } from './report-bench';
import { marketplaceFigures } from './marketplace-bench';
import { firstSyncPull, pushThroughput } from './sync-bench';
import { registryCopyFigures, verificationFigures } from './verification-bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 8191);
const origin = `http://127.0.0.1:${port}`;
/** The same app over TLS (decision 083), with the tests' loopback certificate. */
const securePort = Number(process.env.BENCH_SECURE_PORT ?? port + 5);
const secureOrigin = `https://127.0.0.1:${securePort}`;
const loopbackTls = {
  TLS_CERT_FILE: path.join(root, 'tests/fixtures/tls/loopback-cert.pem'),
  TLS_KEY_FILE: path.join(root, 'tests/fixtures/tls/loopback-key.pem'),
};
const loopbackCa = readFileSync(loopbackTls.TLS_CERT_FILE);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const JS_ONLY = process.argv.includes('--js-only');
/** Only the first-load figures: `--js-only` (no Lighthouse) or `--first-load-only`. */
const FIRST_LOAD_ONLY = JS_ONLY || process.argv.includes('--first-load-only');
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? (FIRST_LOAD_ONLY ? 5 : 3));
const referencePort = Number(process.env.BENCH_REFERENCE_PORT ?? port + 3);
/** The marketplace's growth figures' server (first-view-growth.ts). */
const growthPort = Number(process.env.BENCH_GROWTH_PORT ?? port + 4);
const SYNC_ONLY = process.argv.includes('--sync-only');
const REGISTRY_COPY_ONLY = process.argv.includes('--registry-copy-only');
const VERIFICATION_ONLY = REGISTRY_COPY_ONLY || process.argv.includes('--verification-only');
const verificationPort = Number(process.env.BENCH_VERIFICATION_PORT ?? 8400);
const MARKETPLACE_ONLY = process.argv.includes('--marketplace-only');
const marketplacePort = Number(process.env.BENCH_MARKETPLACE_PORT ?? 8450);
const CERTIFICATES_ONLY = process.argv.includes('--certificates-only');
const FLEET_ONLY = process.argv.includes('--fleet-only');
const REPORTS_ONLY = process.argv.includes('--reports-only');
const CLAIMS_ONLY = process.argv.includes('--claims-only');
const LOAD_ONLY = process.argv.includes('--load-only');
const KEYS_ONLY = process.argv.includes('--keys-only');
const PARTNER_ONLY = process.argv.includes('--partner-only');
const HOSTILE_ONLY = process.argv.includes('--hostile-only');
const USSD_ONLY = process.argv.includes('--ussd-only');

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Whether a server answers /api/health at `at` (over TLS, trusting only the loopback certificate). */
function answers(at: string): Promise<boolean> {
  if (!at.startsWith('https:'))
    return fetch(`${at}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  return new Promise((resolve) => {
    https
      .get(`${at}/api/health`, { ca: loopbackCa }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
}

/** The app's server on `at`'s port, with the demo data; `env` adds settings (TLS). */
async function startServer(at: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const serverPort = new URL(at).port;
  // Measure this build, never a server some other run left on the port.
  if (await answers(at)) throw new Error(`port ${serverPort} is already in use; stop that server or set BENCH_PORT`);
  // Node itself (not an npx wrapper), so that killing it stops the server.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: serverPort,
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => server.kill('SIGTERM'));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await answers(at)) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`server on ${at} did not start within 60 s`);
}

async function main(): Promise<void> {
  if (FLEET_ONLY) return fleetFigures(print);
  if (REPORTS_ONLY) return reportFigures(print);
  if (CLAIMS_ONLY) return claimsFigures(print, { root, chromiumPath, chromiumArgs });
  if (LOAD_ONLY) return loadFigures(print, { root });
  if (KEYS_ONLY) return keyReplacementFigures(print);
  if (PARTNER_ONLY) return partnerFigures(print);
  if (HOSTILE_ONLY) return hostileFigures(print, { root });
  if (USSD_ONLY) return ussdFigures(print, { port });
  if (!process.argv.includes('--no-build') && !CERTIFICATES_ONLY) {
    print('building the app…');
    await run('npm', ['run', 'build']);
  }
  if (!SYNC_ONLY && !VERIFICATION_ONLY && !MARKETPLACE_ONLY && !CERTIFICATES_ONLY) {
    const server = await startServer(origin);
    // Over TLS only where the slowed phone measures: the JavaScript and Lighthouse figures stay on HTTP/1.1.
    const secureServer = JS_ONLY ? undefined : await startServer(secureOrigin, loopbackTls);
    try {
      await firstLoadFigures(print, {
        root,
        origin,
        secureOrigin: secureServer ? secureOrigin : undefined,
        referencePort,
        chromiumPath,
        chromiumArgs,
        lighthouseRuns: LIGHTHOUSE_RUNS,
        isJsOnly: JS_ONLY,
        growthPort,
      });
    } finally {
      server.kill('SIGTERM');
      secureServer?.kill('SIGTERM');
    }
  }
  if (FIRST_LOAD_ONLY) return;
  if (!VERIFICATION_ONLY && !MARKETPLACE_ONLY && !CERTIFICATES_ONLY) {
    await pushThroughput(print);
    await firstSyncPull(print, { root, port: port + 1, chromiumPath, chromiumArgs });
  }
  if (!SYNC_ONLY && !MARKETPLACE_ONLY && !CERTIFICATES_ONLY) {
    const options = { root, port: verificationPort, chromiumPath, chromiumArgs };
    if (!REGISTRY_COPY_ONLY) await verificationFigures(print, options);
    await registryCopyFigures(print, options);
  }
  if (!SYNC_ONLY && !VERIFICATION_ONLY && !CERTIFICATES_ONLY) {
    await marketplaceFigures(print, { root, port: marketplacePort, chromiumPath, chromiumArgs });
  }
  if (!SYNC_ONLY && !VERIFICATION_ONLY && !MARKETPLACE_ONLY) {
    await certificateFigures(print, { root, chromiumPath, chromiumArgs });
  }
  if (!SYNC_ONLY && !VERIFICATION_ONLY && !MARKETPLACE_ONLY && !CERTIFICATES_ONLY) {
    await fleetFigures(print);
    await reportFigures(print);
    await claimsFigures(print, { root, chromiumPath, chromiumArgs });
    await loadFigures(print, { root });
    await keyReplacementFigures(print);
    await partnerFigures(print);
    await hostileFigures(print, { root });
  }
}

await main();
