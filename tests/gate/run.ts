/**
 * `npm test`: the whole gate, its parts side by side.
 *
 * Why: one after another, type checking, lint, the unit tests, the app's build and the
 * end-to-end suite took 974 s on CI's clean 2-core runner, past its 15-minute budget. tsc,
 * ESLint and the build each keep one core busy for 15–40 s, and the unit tests, the longest
 * part before the browser suite, leave about a quarter of two cores idle (they wait on the
 * embedded database, scrypt and timers). So the gate runs those four side by side, and the
 * end-to-end suite on that build, with one worker per core (e2e/playwright.config.ts), as soon
 * as the build is done: beside the unit tests it takes up the CPU time they leave idle.
 * docs/decisions/040-a-parallel-test-gate.md and 052-a-gate-within-fifteen-minutes.md have
 * the measurements.
 *
 * Each line a part prints comes prefixed with the part's name. At the end come the slowest
 * tests of each suite (read from the JSON reports Vitest and Playwright write into
 * test-reports/ beside their console output), the last lines of every part that failed, and
 * each part's result and duration with the total. Any part failing, or not run because the
 * build failed, makes the exit code 1.
 *
 * The parts stay the package's own scripts, each still run alone by `npm run typecheck`,
 * `npm run lint`, `npm run test:unit` or `npm run test:e2e` (which builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const reportDir = path.join(root, 'test-reports');
const unitReport = path.join(reportDir, 'unit.json');
const e2eReport = path.join(reportDir, 'e2e.json');
const SLOWEST = 20;
/** Lines of a failed part's output repeated at the end, where they are not mixed with the others'. */
const TAIL_LINES = 120;

interface Part {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface Outcome {
  name: string;
  result: 'passed' | 'failed' | 'not run';
  /** Why a part was not run. */
  reason?: string;
  seconds: number;
  tail: string[];
}

const npmScript = (script: string, ...args: string[]): Pick<Part, 'command' | 'args'> => ({
  command: 'npm',
  args: ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])],
});

const typecheck: Part = { name: 'typecheck', ...npmScript('typecheck') };
const lint: Part = { name: 'lint', ...npmScript('lint') };
const unit: Part = {
  name: 'unit',
  ...npmScript('test:unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`),
};
const build: Part = { name: 'build', ...npmScript('build') };
// `npm run test:e2e` without its build, which ran in the first phase.
const e2e: Part = {
  name: 'e2e',
  command: path.join(root, 'node_modules/.bin/playwright'),
  args: ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport },
};

const width = Math.max(...[typecheck, lint, unit, build, e2e].map((part) => part.name.length));
const out = (text: string) => process.stdout.write(text);
// Children write to a pipe, not the terminal: keep their colours when the gate has a terminal.
const colour =
  process.stdout.isTTY && process.env.NO_COLOR === undefined && process.env.FORCE_COLOR === undefined
    ? { FORCE_COLOR: '1' }
    : {};
const running = new Set<ChildProcess>();
let interrupted: NodeJS.Signals | undefined;

/** Runs a part in its own process group, its output prefixed line by line. */
function run(part: Part): Promise<Outcome> {
  const started = performance.now();
  const prefix = `${part.name.padEnd(width)} │ `;
  const tail: string[] = [];
  const emit = (line: string) => {
    // What a terminal would show of a line redrawn with carriage returns.
    const shown = line.slice(line.lastIndexOf('\r') + 1);
    out(`${prefix}${shown}\n`);
    tail.push(shown);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  out(`${prefix}$ ${[path.relative(root, part.command) || part.command, ...part.args].join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(part.command, part.args, {
      cwd: root,
      env: { ...process.env, ...colour, ...part.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        lines.forEach(emit);
      });
      stream.on('end', () => rest && emit(rest));
    }
    let finished = false;
    const done = (passed: boolean, detail: string) => {
      if (finished) return;
      finished = true;
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      out(`${prefix}${passed ? 'passed' : `FAILED (${detail})`} in ${seconds.toFixed(1)} s\n`);
      resolve({ name: part.name, result: passed ? 'passed' : 'failed', seconds, tail });
    };
    child.on('error', (error) => done(false, error.message));
    child.on('close', (code, signal) => done(code === 0, signal ? `killed by ${signal}` : `exit code ${code}`));
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interrupted = signal;
    for (const child of running) {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  });
}

const notRun = (name: string, reason: string): Outcome => ({ name, result: 'not run', reason, seconds: 0, tail: [] });
const seconds = (value: number) => `${value.toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const cores = availableParallelism();
const loadAtStart = load();
out(
  `npm test on ${cores} cores (load average ${loadAtStart}): typecheck, lint, unit and build side by side, e2e once the build is done\n\n`,
);
await rm(reportDir, { recursive: true, force: true });
await mkdir(reportDir, { recursive: true });

const started = performance.now();
const since = () => (performance.now() - started) / 1000;
const typechecked = run(typecheck);
const linted = run(lint);
const unitTested = run(unit);
const built = run(build);
// The end-to-end suite needs only the build: it starts as soon as that is done, beside the others.
let builtSeconds = 0;
const second = await built.then((outcome) => {
  builtSeconds = since();
  if (interrupted) return notRun(e2e.name, `interrupted by ${interrupted}`);
  return outcome.result === 'passed' ? run(e2e) : notRun(e2e.name, 'the build failed');
});
const first = await Promise.all([typechecked, linted, unitTested, built]);
const totalSeconds = since();
const outcomes = [...first, second];

// ── What the reports say ────────────────────────────────────────────────────────────────

interface Timed {
  seconds: number;
  title: string;
  note?: string;
}

interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { fullName: string; duration?: number | null; status: string }[] }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

async function report<Report>(file: string): Promise<Report | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Report;
  } catch {
    return undefined;
  }
}

function unitTests(vitest: VitestReport): Timed[] {
  return vitest.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => typeof test.duration === 'number')
      .map((test) => ({
        seconds: (test.duration ?? 0) / 1000,
        title: `${path.relative(root, file.name)} › ${test.fullName}`,
        ...(test.status === 'failed' ? { note: 'failed' } : {}),
      })),
  );
}

function e2eTests(playwright: PlaywrightReport): Timed[] {
  const walk = (suite: PlaywrightSuite, titles: string[]): Timed[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.results.length > 0)
        .map((test) => {
          const note = [
            test.results.length > 1 ? `${test.results.length} attempts` : '',
            test.status === 'unexpected' ? 'failed' : test.status === 'flaky' ? 'flaky' : '',
          ]
            .filter(Boolean)
            .join(', ');
          return {
            seconds: test.results.reduce((sum, result) => sum + result.duration, 0) / 1000,
            title: [`e2e/${spec.file}:${spec.line}`, ...titles, spec.title].join(' › '),
            ...(note ? { note } : {}),
          };
        }),
    ),
    ...(suite.suites ?? []).flatMap((inner) => walk(inner, [...titles, inner.title])),
  ];
  // The top suites are the files, already named by each spec's file and line.
  return playwright.suites.flatMap((file) => walk(file, []));
}

function slowest(heading: string, tests: Timed[]) {
  out(`\nSlowest ${Math.min(SLOWEST, tests.length)} ${heading} of ${tests.length}:\n`);
  for (const test of [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    out(`${seconds(test.seconds).padStart(9)}  ${test.title}${test.note ? `  (${test.note})` : ''}\n`);
  }
}

const vitest = await report<VitestReport>(unitReport);
const playwright = second.result === 'not run' ? undefined : await report<PlaywrightReport>(e2eReport);
const counts: Record<string, string> = {};
if (vitest) {
  counts.unit = `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`;
  slowest('unit tests', unitTests(vitest));
}
if (playwright) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  counts.e2e = `${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped`;
  slowest('e2e tests (all attempts of a retried test together)', e2eTests(playwright));
}

// ── The failed parts' last lines, then the summary ──────────────────────────────────────

for (const outcome of outcomes.filter((each) => each.result === 'failed' && each.tail.length > 0)) {
  out(
    `\n── ${outcome.name} failed; its last ${outcome.tail.length} lines ${'─'.repeat(40)}\n${outcome.tail.join('\n')}\n`,
  );
}

out(`\n── npm test ${'─'.repeat(60)}\n`);
for (const outcome of outcomes) {
  const count = counts[outcome.name] ? `  ${counts[outcome.name]}` : '';
  out(
    `  ${outcome.name.padEnd(width)}  ${outcome.result.padEnd(7)}  ${outcome.result === 'not run' ? ''.padStart(9) : seconds(outcome.seconds).padStart(9)}${count}\n`,
  );
}
const failed = outcomes.filter((outcome) => outcome.result !== 'passed');
out(
  `  ${second.result === 'not run' ? 'no e2e' : `e2e from ${seconds(builtSeconds)}, when the build was done`}: total ${seconds(totalSeconds)}\n`,
);
out(
  `  load average ${loadAtStart} at the start, ${load()} at the end; reports in ${path.relative(root, reportDir)}/\n`,
);
if (interrupted) out(`  interrupted by ${interrupted}\n`);
out(
  failed.length === 0
    ? '  all passed\n'
    : `  FAILED: ${failed.map((outcome) => (outcome.reason ? `${outcome.name} (not run: ${outcome.reason})` : outcome.name)).join(', ')}\n`,
);
process.exitCode = failed.length === 0 && !interrupted ? 0 : 1;
