/** What every benchmark prints with: percentiles, durations, and one aligned line per figure. */
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';

export type Print = (line: string) => void;

/** What an autocannon run in a child process reports (runInChild). */
export interface LoadSummary {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** The value at `fraction` (0.95 for p95) of the sorted values, nearest-rank; NaN for none. */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** Settles or rejects within `ms`; what it gave up on is left to fail quietly. */
export function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const median = (values: number[]) => percentile(values, 0.5);
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/**
 * `runs` rounds over `items`, each round starting one further along, so that a slow minute
 * of a shared machine falls on all of them alike. `measure` may give nothing (a failed run):
 * that run is left out. Per item, in the items' order, its runs.
 */
export async function inRounds<Item, Result>(
  items: readonly Item[],
  runs: number,
  measure: (item: Item) => Promise<Result | undefined>,
): Promise<Result[][]> {
  const results = items.map((): Result[] => []);
  for (let round = 0; round < runs; round += 1) {
    for (let step = 0; step < items.length; step += 1) {
      const index = (round + step) % items.length;
      const item = items[index];
      if (item === undefined) continue;
      const result = await measure(item);
      if (result !== undefined) results[index]?.push(result);
    }
  }
  return results;
}

/** One figure: name, value, target in brackets with PASS/MISS (or none), and what else was seen. */
export function figureLine(
  name: string,
  value: string,
  target: { text: string; pass: boolean } | null,
  detail = '',
): string {
  const judged = target ? `[${target.text}] ${target.pass ? 'PASS' : 'MISS'}` : '';
  return `${name.padEnd(44)} ${value.padStart(10)}  ${judged.padEnd(17)}${detail ? `  ${detail}` : ''}`.trimEnd();
}

/**
 * Runs a load generator (CommonJS source reading its input from BENCH_INPUT and writing
 * its JSON summary to stdout) in its own Node process: in this one it would compete
 * with the servers under test for the event loop. Killed after `timeoutMs`.
 */
export function runInChild<Summary>(root: string, script: string, input: unknown, timeoutMs: number): Promise<Summary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: root,
      env: { ...process.env, BENCH_INPUT: JSON.stringify(input) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(output) as Summary);
    });
  });
}

/** Signs in through the API in-process; answers with the session cookie and the user's id. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ cookie: string; id: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`${email} sign-in failed: ${response.statusCode}`);
  return {
    cookie: String(response.headers['set-cookie']).split(';')[0] ?? '',
    id: (response.json() as { user: { id: string } }).user.id,
  };
}
