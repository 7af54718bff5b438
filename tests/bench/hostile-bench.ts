/**
 * Hostile-input figures for `npm run bench` (`--hostile-only` runs just these; target in
 * brackets). One real server process (src/server/server.ts, in-memory database, no demo
 * data) on loopback port BENCH_HOSTILE_PORT (default 8700), with a probe loaded beside it
 * (loop-delay-probe.ts) that reads the server's own event-loop delay. For each phase: the
 * longest event-loop delay in the server and the slowest GET /api/health answer, asked one
 * after another from this process while the phase runs [≤ 50 ms], each beside the same
 * figures for a quiet phase of the same length, measured in the same run (the machine is
 * noisy):
 * - a fleet import of a header and 7 MB of empty lines (it held the server 12 to 16 s);
 * - the same with 9,999 valid rows and one wrong (every row's values checked);
 * - 200 unsigned sync pushes whose payload nests 6,000 levels (each was a 500 and an ERROR row).
 * Every request is bounded by a timeout; the server is stopped at the end whatever happens.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { bounded, figureLine, ms, type Print } from './figures';

export interface HostileBenchOptions {
  root: string;
}

const PORT = Number(process.env.BENCH_HOSTILE_PORT ?? 8700);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TARGET_MS = 50;
const QUIET_MS = 1_500;
const DEEP_PUSHES = 200;

interface LoopDelay {
  maxMs: number;
  p99Ms: number;
}

function startServer(root: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './tests/bench/loop-delay-probe.ts', 'src/server/server.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        AUTH_RATE_LIMIT: '0',
        APP_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${ORIGIN}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 120 s');
}

function readDelay(server: ChildProcess): Promise<LoopDelay> {
  return bounded(
    new Promise<LoopDelay>((resolve) => {
      server.once('message', (message) => resolve(message as LoopDelay));
      server.send('read');
    }),
    5_000,
    'the loop-delay probe',
  );
}

/** Signs up through the API (messages go to the sandbox, whose answer carries the link) and returns the session cookie. */
async function newAccount(): Promise<string> {
  const password = 'three unrelated words 2026';
  const email = `bench-${randomUUID()}@example.zm`;
  const asked = await fetch(`${ORIGIN}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Owner', email, password, confirmPassword: password, userType: 'individual' }),
  });
  const link = ((await asked.json()) as { testMessage?: { link: string } }).testMessage?.link ?? '';
  const token = /[?&]token=([\w-]+)/.exec(link)?.[1];
  if (!token) throw new Error('the sign-up sent no link');
  const confirmed = await fetch(`${ORIGIN}/api/auth/signup/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`the sign-up was not confirmed: ${confirmed.status}`);
  return cookie;
}

/** Runs `work` while asking /api/health one request after another: the server's loop delay over the window, the slowest health answer, and how many there were. */
async function measured(
  server: ChildProcess,
  work: () => Promise<unknown>,
): Promise<LoopDelay & { healthMaxMs: number; healthCount: number }> {
  server.send('reset');
  let running = true;
  let healthMaxMs = 0;
  let healthCount = 0;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      const response = await bounded(fetch(`${ORIGIN}/api/health`), 30_000, 'GET /api/health');
      await response.arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
      healthCount += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await probe;
  }
  return { ...(await readDelay(server)), healthMaxMs, healthCount };
}

export async function hostileFigures(print: Print, { root }: HostileBenchOptions): Promise<void> {
  print('');
  print(
    `hostile input (one server process on port ${PORT}; the longest event-loop delay in the server and the slowest /api/health, each beside a quiet phase of the same run)`,
  );
  const server = startServer(root);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await waitForHealth();
    const cookie = await newAccount();
    const importFile = (text: string) => async () => {
      const response = await bounded(
        fetch(`${ORIGIN}/api/fleet/import`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'text/csv' },
          body: text,
        }),
        60_000,
        'the fleet import',
      );
      const answer = (await response.json()) as { errors?: string[] };
      if (response.status !== 400) throw new Error(`the import answered ${response.status}`);
      return answer.errors?.[0];
    };
    const newlines = `make,model,colour\n${'\n'.repeat(7 * 1024 * 1024)}`;
    const rows = [
      'make,model,year,colour,chassis_number',
      ...Array.from(
        { length: 9_999 },
        (_, index) => `Toyota,Hilux,2020,White,JTDBR32E${String(index).padStart(9, '0')}`,
      ),
      'Toyota,,2020,White,',
    ].join('\n');
    const deepPushes = async () => {
      const deep = `${'['.repeat(6000)}1${']'.repeat(6000)}`;
      const statuses = new Map<number, number>();
      for (let index = 0; index < DEEP_PUSHES; index += 1) {
        const body = `{"clientId":"bench","mutations":[{"id":"${randomUUID()}","intent":"sendContactMessage","payload":${deep}}]}`;
        const response = await bounded(
          fetch(`${ORIGIN}/api/sync/push`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
          30_000,
          'a deep push',
        );
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
      return statuses;
    };

    const quiet = await measured(server, () => new Promise((resolve) => setTimeout(resolve, QUIET_MS)));
    const reference = `quiet: loop ${ms(quiet.maxMs)}, health ${ms(quiet.healthMaxMs)}`;
    const line = (name: string, figure: LoopDelay & { healthMaxMs: number; healthCount: number }, detail: string) => {
      print(
        figureLine(
          `${name}: longest event-loop delay`,
          ms(figure.maxMs),
          { text: `≤ ${TARGET_MS} ms`, pass: figure.maxMs <= TARGET_MS },
          `${reference}; p99 ${ms(figure.p99Ms)}`,
        ),
      );
      print(
        figureLine(
          `${name}: slowest /api/health meanwhile`,
          ms(figure.healthMaxMs),
          { text: `≤ ${TARGET_MS} ms`, pass: figure.healthMaxMs <= TARGET_MS },
          `${figure.healthCount} answered; ${detail}`,
        ),
      );
    };
    let refusal: string | undefined;
    const newlineFigure = await measured(server, async () => {
      refusal = await importFile(newlines)();
    });
    line('fleet import, header + 7 MB of empty lines', newlineFigure, `answer: ${refusal ?? '?'}`);
    const rowsFigure = await measured(server, async () => {
      refusal = await importFile(rows)();
    });
    line('fleet import, 10,000 rows (the last one wrong)', rowsFigure, `answer: ${refusal ?? '?'}`);
    let statuses = new Map<number, number>();
    const deepFigure = await measured(server, async () => {
      statuses = await deepPushes();
    });
    line(
      `${DEEP_PUSHES} unsigned pushes nested 6,000 levels`,
      deepFigure,
      `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  } finally {
    server.kill('SIGTERM');
    await bounded(exited, 15_000, 'the server to stop').catch(() => server.kill('SIGKILL'));
  }
}
