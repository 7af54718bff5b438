/**
 * `npm run backup` and `npm run restore` against the real server process: a backup taken
 * while the server runs holds every row written before it, restores into a new folder
 * with the same number of rows in every table, and a server started there answers with
 * them. Also a backup with no server running, and the refusals: a file that is not a
 * backup, a folder that is not empty, a folder a server runs on, a caller that is not
 * `npm run backup` on this machine.
 *
 * The server takes seconds to start with its demo data, so it starts in beforeAll and
 * the tests that do not need it run meanwhile.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarEntries } from '../../src/server/backup/tar';
import { type Database, openPglite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { contactRepository } from '../../src/server/repositories/contact-repository';
import { type TableCount, tableCountRepository } from '../../src/server/repositories/table-count-repository';
import { backupRoutes } from '../../src/server/routes/backup-routes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORIGINAL_PORT = 8610;
const RESTORED_PORT = 8611;
const ADMIN = { email: 'admin@nambala.zm', password: 'Admin#2026' };
/** How long a server process, or the backup command opening a folder itself, may take to start: twice as long on CI, where the end-to-end suite runs beside. */
const STARTUP_MS = process.env.CI ? 120_000 : 60_000;

interface ServerProcess {
  pid: number;
  /** SIGTERM, then the exit code once it has shut down. */
  stop(): Promise<number | null>;
}

const running = new Set<ServerProcess>();

/** Environment for a child: this test's settings, and never a DATABASE_URL from the caller's shell. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return { ...env, HOST: '127.0.0.1', APP_DIR: '/nonexistent', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...extra };
}

/** Whether the server on `dataDir` has written its port into the folder's control file. */
const saysItsPort = (dataDir: string) =>
  readFile(path.join(dataDir, 'server.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { port: number | null }).port !== null,
    () => false,
  );

async function startServer(dataDir: string, port: number, extra: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: childEnv({ PORT: String(port), DATA_DIR: dataDir, ...extra }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      running.delete(server);
      return code;
    },
  };
  running.add(server);
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    // Started: it answers, and has said its port in the folder's control file, which it writes
    // just after it begins to listen (a request may be answered a moment before).
    if (health?.ok && (await saysItsPort(dataDir))) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server on ${dataDir} did not start: ${errors}`);
}

/** Runs `npm run backup` or `npm run restore` as npm would, without npm. */
function runCli(
  command: 'backup' | 'restore',
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/server/${command}-cli.ts`, ...args], {
    cwd: root,
    env: childEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Every table's rows, read through PGlite on the folder itself: only with no server on it. */
async function countRows(dataDir: string): Promise<TableCount[]> {
  const db = await openPglite(dataDir);
  try {
    return await tableCountRepository(db).all();
  } finally {
    await db.close();
  }
}

const rowsOf = (counts: TableCount[], table: string) => counts.find((count) => count.table === table)?.rows;
const totalOf = (counts: TableCount[]) => counts.reduce((sum, count) => sum + count.rows, 0).toLocaleString('en-US');

describe('backup and restore', () => {
  let base: string;
  let original: string;
  let starting: Promise<ServerProcess>;

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'nambala-backup-'));
    original = path.join(base, 'original', 'db');
    starting = startServer(original, ORIGINAL_PORT, { SEED_DEMO: 'true', DEMO_REGISTRY_PLATES: '20' });
    // Awaited by the test that needs it; a failure to start is reported there.
    starting.catch(() => undefined);
  });
  afterAll(async () => {
    await starting.catch(() => undefined);
    for (const server of running) await server.stop();
    await rm(base, { recursive: true, force: true });
  });

  it('says plainly when a file is not a backup, without a stack trace, and creates nothing', async () => {
    const text = path.join(base, 'notes.tar.gz');
    await writeFile(text, 'not a backup\n');
    const gzippedText = path.join(base, 'notes-gzipped.tar.gz');
    await writeFile(gzippedText, gzipSync('not a backup either\n'));
    const target = path.join(base, 'never-made');
    const [plain, gzipped, missing] = await Promise.all([
      runCli('restore', [text, '--data-dir', target]),
      runCli('restore', [gzippedText, '--data-dir', target]),
      runCli('restore', [path.join(base, 'missing.tar.gz'), '--data-dir', target]),
    ]);
    expect(plain.stderr).toContain(`${text} is not a Nambala backup`);
    expect(gzipped.stderr).toContain(`${gzippedText} is not a Nambala backup`);
    expect(missing.stderr).toBe(`No such file: ${path.join(base, 'missing.tar.gz')}\n`);
    for (const run of [plain, gzipped, missing]) {
      expect(run.code).toBe(1);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
    expect(existsSync(target)).toBe(false);
  }, 30_000);

  it('refuses to restore into a folder that is not empty, and leaves it as it was', async () => {
    const folder = path.join(base, 'in-use', 'db');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
    const restore = await runCli('restore', [path.join(base, 'any.tar.gz'), '--data-dir', folder]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toBe(
      `${folder} is not empty. Restore into a new folder (--data-dir DIR), or add --force to move what is in it aside to db.before-restore-<time>.\n`,
    );
    expect(await readdir(folder)).toEqual(['PG_VERSION']);
    expect(await readdir(path.dirname(folder))).toEqual(['db']);
  }, 30_000);

  it(
    'backs up a folder no server runs on by opening it itself',
    async () => {
      const folder = path.join(base, 'stopped', 'db');
      const db = await openPglite(folder);
      let counts: TableCount[];
      try {
        await migrate(db);
        for (const subject of ['one', 'two', 'three'])
          await contactRepository(db).save(randomUUID(), {
            name: 'Mutale',
            email: 'mutale@example.zm',
            subject,
            message: 'Kept while stopped.',
          });
        counts = await tableCountRepository(db).all();
      } finally {
        await db.close();
      }
      const file = path.join(base, 'stopped.tar.gz');
      const backup = await runCli('backup', [file], { DATA_DIR: folder });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backup written: ${file}`);
      expect(backup.stdout).toContain('from the folder (no server was running on it)');
      expect(rowsOf(counts, 'contact_messages')).toBe(3);
      expect(backup.stdout).toContain(`holds ${counts.length} tables, ${totalOf(counts)} rows`);
      expect(backup.stdout).toMatch(/contact_messages +3\n/);
    },
    STARTUP_MS,
  );

  it('backs up a running server with every row written so far; a server on the restored folder answers with them', async () => {
    const server = await starting;
    const api = `http://127.0.0.1:${ORIGINAL_PORT}/api`;
    // The server says it has the folder open, in a file only its user may read.
    const controlFile = path.join(original, 'server.json');
    expect(JSON.parse(await readFile(controlFile, 'utf8'))).toMatchObject({ pid: server.pid, port: ORIGINAL_PORT });
    expect((await stat(controlFile)).mode & 0o777).toBe(0o600);

    // Rows written through the API: a session, a price change (with its history and audit entries), messages.
    const signedIn = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { settings } = (await (await fetch(`${api}/settings/pricing`)).json()) as {
      settings: { platePrice: number };
    };
    const changed = { ...settings, platePrice: settings.platePrice + 12_300 };
    const put = await fetch(`${api}/admin/settings/pricing`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(changed),
    });
    expect(put.status).toBe(200);
    for (let index = 0; index < 5; index += 1) {
      const message = {
        name: 'Chanda',
        email: 'chanda@example.zm',
        subject: `Backup check ${index}`,
        message: 'Written before the backup.',
      };
      const sent = await fetch(`${api}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      expect(sent.status).toBe(201);
    }

    // The route refuses a wrong token, even on this machine, and is not in the published API document.
    expect(
      (await fetch(`${api}/system/backup`, { method: 'POST', headers: { authorization: 'Bearer guessed' } })).status,
    ).toBe(403);
    const document = (await (await fetch(`${api}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/api/system/backup');

    // The server sends queued SMS and email a moment after the request that queued them (the
    // demo's and these): the copy is compared with the folder as the server leaves it, so it
    // is taken once none is waiting. On a loaded runner the sending came after the copy.
    const waiting = async () => {
      const page = (await (await fetch(`${api}/admin/messages?limit=100`, { headers: { cookie } })).json()) as {
        messages: Array<{ status: string }>;
      };
      return page.messages.filter((message) => message.status === 'queued').length;
    };
    await expect.poll(waiting, { timeout: 30_000, interval: 200 }).toBe(0);

    const backupFile = path.join(base, 'while-running.tar.gz');
    const [backup, intoLiveFolder] = await Promise.all([
      runCli('backup', [backupFile], { DATA_DIR: original }),
      // Never into a folder a server runs on, --force or not.
      runCli('restore', [backupFile, '--data-dir', original, '--force']),
    ]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${backupFile}`);
    expect(backup.stdout).toContain(`by the running server (pid ${server.pid}`);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    expect(intoLiveFolder.code).toBe(1);
    expect(intoLiveFolder.stderr).toContain(
      `A server (pid ${server.pid}, port ${ORIGINAL_PORT}) is running on ${original}`,
    );
    // The server's control file, and its token, stay out of the copy.
    const names = tarEntries(gunzipSync(await readFile(backupFile))).map((entry) => entry.name);
    expect(names).toContain('PG_VERSION');
    expect(names).not.toContain('server.json');

    const restored = path.join(base, 'restored', 'db');
    const [stopped, restore] = await Promise.all([
      server.stop(),
      runCli('restore', [backupFile, '--data-dir', restored]),
    ]);
    expect(stopped).toBe(0);
    expect(existsSync(controlFile)).toBe(false);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${backupFile} into ${restored}`);
    expect(await readdir(path.dirname(restored))).toEqual(['db']);

    // Counted on the folders themselves, with no server on either.
    const [originalCounts, restoredCounts] = await Promise.all([countRows(original), countRows(restored)]);
    expect(restoredCounts).toEqual(originalCounts);
    expect(restoredCounts.length).toBeGreaterThan(40);
    expect(rowsOf(restoredCounts, 'contact_messages')).toBe(5);
    expect(rowsOf(restoredCounts, 'settings_history')).toBe(1);
    expect(restore.stdout).toContain(`holds ${restoredCounts.length} tables, ${totalOf(restoredCounts)} rows`);

    // The session signed in before the backup still works, and the price change is there.
    const again = await startServer(restored, RESTORED_PORT, {
      SEED_DEMO: 'false',
      SIGNING_KEY_DIR: path.join(base, 'original', 'keys'),
    });
    try {
      const history = await fetch(`http://127.0.0.1:${RESTORED_PORT}/api/admin/settings/pricing/history`, {
        headers: { cookie },
      });
      expect(history.status).toBe(200);
      const { history: changes } = (await history.json()) as { history: Array<{ settings: { platePrice: number } }> };
      expect(changes.map((change) => change.settings.platePrice)).toEqual([changed.platePrice]);
      const pricing = (await (await fetch(`http://127.0.0.1:${RESTORED_PORT}/api/settings/pricing`)).json()) as {
        settings: { platePrice: number };
      };
      expect(pricing.settings.platePrice).toBe(changed.platePrice);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 120_000);

  it('answers a backup request only over loopback with the token; anyone else is told there is no such route', async () => {
    let copies = 0;
    const db: Database = {
      kind: 'pglite',
      query: async () => [],
      transaction: (fn) => fn({ query: async () => [] }),
      close: async () => undefined,
      async dumpDataDir() {
        copies += 1;
        return new Uint8Array(1024); // an empty tar archive: its end marker
      },
    };
    const app = Fastify();
    await app.register(backupRoutes, { db, controlToken: 'the-token' });
    try {
      const ask = (remoteAddress: string, headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/system/backup', remoteAddress, headers });
      expect((await ask('203.0.113.7', { authorization: 'Bearer the-token' })).statusCode).toBe(404);
      expect(
        (await ask('127.0.0.1', { authorization: 'Bearer the-token', 'x-forwarded-for': '203.0.113.7' })).statusCode,
      ).toBe(404);
      expect((await ask('127.0.0.1', {})).statusCode).toBe(403);
      expect((await ask('::1', { authorization: 'Bearer the-token!' })).statusCode).toBe(403);
      expect(copies).toBe(0);
      const answer = await ask('::ffff:127.0.0.1', { authorization: 'Bearer the-token' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/gzip');
      expect(gunzipSync(answer.rawPayload)).toEqual(Buffer.alloc(1024));
      expect(copies).toBe(1);
    } finally {
      await app.close();
    }
  });
});
