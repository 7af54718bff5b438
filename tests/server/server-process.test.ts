/** The real server process: starts on PORT, answers, and exits cleanly on SIGTERM; a start that cannot go on says why in one line. */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = 8197;
/**
 * How long a start may take before the test calls it stuck: about 3 s alone, but the server
 * compiles and migrates on start, and beside the whole gate on a busy 2-core machine it took
 * over 30 s.
 */
const START_LIMIT_MS = 120_000;
const TEST_LIMIT_MS = START_LIMIT_MS + 30_000;

/** The real server started with `env` over a quiet base (no demo data, no app folder), its output gathered. */
function startServer(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: 'false', APP_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  server.stdout.on('data', (chunk) => (output.stdout += chunk));
  server.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  return { server, output, exited };
}

describe('server process', () => {
  it(
    'listens on PORT and shuts down gracefully on SIGTERM',
    async () => {
      const { server, output, exited } = startServer({ PORT: String(port), DATA_DIR: 'memory://', LOG_LEVEL: 'info' });
      try {
        const deadline = Date.now() + START_LIMIT_MS;
        let health: Response | undefined;
        while (!health && Date.now() < deadline) {
          health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
          if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(health?.status).toBe(200);
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
        // Logs are JSON lines (pino), including the shutdown.
        const lines = output.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { msg: string });
        expect(lines.some((line) => line.msg.includes('shutting down'))).toBe(true);
      } finally {
        server.kill('SIGKILL');
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'prints readable lines, not JSON, when LOG_FORMAT=pretty (as at a terminal)',
    async () => {
      const { server, output, exited } = startServer({
        PORT: String(port + 1),
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'pretty',
        NO_COLOR: '1',
      });
      try {
        const deadline = Date.now() + START_LIMIT_MS;
        while (!output.stdout.includes('Nambala is running') && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 200));
        server.kill('SIGTERM');
        expect(await exited).toBe(0);
        const line = output.stdout.split('\n').find((candidate) => candidate.includes('Nambala is running')) ?? '';
        expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO.*: Nambala is running at http:\/\/localhost:/);
        expect(() => JSON.parse(line)).toThrow();
      } finally {
        server.kill('SIGKILL');
      }
    },
    TEST_LIMIT_MS,
  );

  /** Starts the server with `env` and waits for it to exit: its exit code and what it wrote. */
  async function failedStart(
    env: Record<string, string>,
  ): Promise<{ code: number | null; stderr: string; stdout: string }> {
    const { server, output, exited } = startServer({ LOG_LEVEL: 'warn', ...env });
    const timer = setTimeout(() => server.kill('SIGKILL'), START_LIMIT_MS);
    const code = await exited;
    clearTimeout(timer);
    return { code, ...output };
  }

  /** One line on stderr, no stack trace anywhere. */
  function expectOneLine(
    { code, stderr, stdout }: { code: number | null; stderr: string; stdout: string },
    message: RegExp,
  ): void {
    expect(code, stderr).toBe(1);
    expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
    expect(stderr).toMatch(/^Nambala could not start: /);
    expect(stderr).toMatch(message);
    expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
  }

  it(
    'stops with one line when a new database is started beside a keys folder that already holds keys',
    async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-start-'));
      try {
        await mkdir(path.join(folder, 'keys'));
        const { privateKey } = generateKeyPairSync('ed25519');
        await writeFile(
          path.join(folder, 'keys', 'registry-key-1.pem'),
          privateKey.export({ format: 'pem', type: 'pkcs8' }),
          { mode: 0o600 },
        );
        const result = await failedStart({ PORT: String(port + 2), DATA_DIR: path.join(folder, 'nambala-db') });
        expectOneLine(
          result,
          /keys folder .*keys holds signing keys \(registry-key-1\.pem\) but the database has none.*docs\/backup-and-restore\.md/,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'stops with one line when the data folder cannot be a folder',
    async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-start-'));
      try {
        await writeFile(path.join(folder, 'a-file'), 'not a folder');
        expectOneLine(
          await failedStart({ PORT: String(port + 3), DATA_DIR: path.join(folder, 'a-file', 'nambala-db') }),
          /The data folder .*a-file\/nambala-db is not a folder \(ENOTDIR\): set DATA_DIR/,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'stops with one line when TLS_KEY_FILE is not the key of the certificate in TLS_CERT_FILE',
    async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-start-'));
      try {
        const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
        const otherKey = path.join(folder, 'other-key.pem');
        await writeFile(otherKey, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
        expectOneLine(
          await failedStart({
            PORT: String(port + 5),
            DATA_DIR: 'memory://',
            TLS_CERT_FILE: path.join(root, 'tests/fixtures/tls/loopback-cert.pem'),
            TLS_KEY_FILE: otherKey,
          }),
          /TLS_KEY_FILE .*other-key\.pem is not the private key of the certificate in TLS_CERT_FILE/,
        );
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    TEST_LIMIT_MS,
  );

  it(
    'stops with one line when its port is in use',
    async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(port + 4, '127.0.0.1', resolve));
      try {
        expectOneLine(
          await failedStart({ PORT: String(port + 4), DATA_DIR: 'memory://' }),
          new RegExp(
            `Port ${port + 4} on 127\\.0\\.0\\.1 is already in use by another program: stop that program, or set PORT to a free port\\.`,
          ),
        );
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    },
    TEST_LIMIT_MS,
  );
});
