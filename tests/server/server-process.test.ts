/** The real server process: starts on PORT, answers, and exits cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = 8197;

describe('server process', () => {
  it('listens on PORT and shuts down gracefully on SIGTERM', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'info', SEED_DEMO: 'false', APP_DIR: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      let health: Response | undefined;
      while (!health && Date.now() < deadline) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health?.status).toBe(200);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Logs are JSON lines (pino), including the shutdown.
      const lines = output.trim().split('\n').map((line) => JSON.parse(line) as { msg: string });
      expect(lines.some((line) => line.msg.includes('shutting down'))).toBe(true);
    } finally {
      server.kill('SIGKILL');
    }
  }, 45_000);

  it('prints readable lines, not JSON, when LOG_FORMAT=pretty (as at a terminal)', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port + 1), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', NO_COLOR: '1', SEED_DEMO: 'false', APP_DIR: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('Nambala is running') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      const line = output.split('\n').find((candidate) => candidate.includes('Nambala is running')) ?? '';
      expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO.*: Nambala is running at http:\/\/localhost:/);
      expect(() => JSON.parse(line)).toThrow();
    } finally {
      server.kill('SIGKILL');
    }
  }, 45_000);
});
