/**
 * A server of a test's own, for journeys that change what every other journey relies on
 * (the server's clock, the prices): started on its own port, in a process group of its
 * own so stopping it stops the server and not only npx, on a fresh in-memory database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OwnServer {
  baseURL: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `portOffset`: added to E2E_PORT, one per spec that needs a server, so they never share one. */
export function ownServer(portOffset: number, env: Record<string, string> = {}): OwnServer {
  const port = Number(process.env.E2E_PORT ?? 8181) + portOffset;
  const baseURL = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  return {
    baseURL,
    async start() {
      if (
        await fetch(`${baseURL}/api/health`).then(
          () => true,
          () => false,
        )
      )
        throw new Error(`port ${port} is taken: another server would answer this test`);
      server = spawn('npx', ['tsx', 'src/server/server.ts'], {
        cwd: root,
        detached: true,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: 'memory://',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'true',
          DEMO_REGISTRY_PLATES: '300',
          AUTH_RATE_LIMIT: '0',
          ...env,
        },
        stdio: 'ignore',
      });
      for (let attempt = 0; attempt < 120; attempt += 1) {
        if (
          await fetch(`${baseURL}/api/health`).then(
            (response) => response.ok,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`the server on port ${port} did not start`);
    },
    async stop() {
      if (server?.pid === undefined) return;
      const stopped = new Promise((resolve) => server?.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await stopped;
    },
  };
}
