/**
 * `npm run backup [-- <file>]`: a copy of the embedded database that opens as it stood
 * at one moment, taken while the server runs (docs/backup-and-restore.md). Written to
 * <file>, or backups/nambala-<UTC time>.tar.gz.
 *
 * PGlite allows one process on a folder, so when a server has DATA_DIR open (it says so
 * in DATA_DIR/server.json) that server makes the copy; with none, this command opens
 * the folder itself. Either way the copy is then opened in memory and every table's rows
 * counted: a file that would not restore is found now, not on the day it is needed.
 * With DATABASE_URL it prints the pg_dump command instead.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { checkArchive, makeArchive, openArchive } from './backup/archive';
import { BackupError } from './backup/backup-error';
import {
  callerPath,
  formatBytes,
  formatRowCounts,
  runCommand,
  shellQuote,
  shownPath,
  signingKeyReminder,
  systemFailure,
  timestamp,
} from './backup/command-line';
import { type ControlFile, findRunningServer } from './backup/control-file';
import { loadConfig } from './config';
import { openPglite } from './db/database';
import { type TableCount, tableCountRepository } from './repositories/table-count-repository';

const USAGE = 'Usage: npm run backup [-- <file>]   (default: backups/nambala-<UTC time>.tar.gz)';

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const stamp = timestamp(new Date());
  if (config.databaseUrl) {
    const file = args[0] ?? `backups/nambala-${stamp}.dump`;
    process.stderr.write(
      `DATABASE_URL is set: the data is in PostgreSQL, which pg_dump copies consistently while the server runs.\n` +
        `Nothing was written. Run:\n\n  mkdir -p ${shellQuote(path.dirname(file))} && pg_dump --format=custom --file=${shellQuote(file)} "$DATABASE_URL"\n\n` +
        `and see docs/backup-and-restore.md for restoring it and for point-in-time recovery.\n`,
    );
    return 2;
  }
  if (config.dataDir === 'memory://')
    throw new BackupError(
      'DATA_DIR is memory://: that database lives and dies with its server process; nothing on disk can be copied.',
    );
  const dataDir = path.resolve(config.dataDir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(
      `No embedded database in ${dataDir}. Set DATA_DIR to its folder (by default data/nambala-db).`,
    );

  const file = args[0] ? callerPath(args[0]) : path.resolve('backups', `nambala-${stamp}.tar.gz`);
  if (!path.relative(dataDir, file).startsWith('..'))
    throw new BackupError(
      `Write the backup outside DATA_DIR (${dataDir}): inside, every later backup would hold it again.`,
    );
  if (existsSync(file)) throw new BackupError(`${file} already exists; name another file.`);
  // Written under another name until complete, so a file cut short never looks like a backup.
  const partial = `${file}.partial`;
  if (existsSync(partial))
    throw new BackupError(
      `${partial} exists: another backup is writing it, or one was cut short. Delete it if none is running.`,
    );
  await mkdir(path.dirname(file), { recursive: true }).catch((error: unknown) => {
    throw systemFailure(error, `Creating ${path.dirname(file)}`);
  });

  const started = Date.now();
  const server = await findRunningServer(dataDir);
  try {
    const archive = server ? await askServer(server, dataDir) : await copyStoppedFolder(dataDir);
    // Readable by its owner only: it holds every account's password hash and personal data.
    await pipeline(archive, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw systemFailure(error, `Writing ${file}`);
  }
  const seconds = (Date.now() - started) / 1000;
  const { size } = await stat(file);
  const by = server
    ? `by the running server (pid ${server.pid}, port ${server.port ?? ''})`
    : 'from the folder (no server was running on it)';
  process.stdout.write(
    `Backup written: ${shownPath(file)}\n  ${formatBytes(size)}, copied in ${seconds.toFixed(1)} s ${by}\n`,
  );

  const counts = await countRows(file);
  process.stdout.write(`  checked: it opens, and holds ${formatRowCounts(counts)}\n`);
  const reminder = signingKeyReminder(config, 'backup');
  if (reminder) process.stdout.write(`${reminder}\n`);
  return 0;
}

/** The running server copies its own database: it alone may have the folder open. */
async function askServer(server: ControlFile, dataDir: string): Promise<Readable> {
  const where = `${path.join(dataDir, 'server.json')} names a server (pid ${server.pid})`;
  if (server.port === null) throw new BackupError(`${where} that is still starting; try again once it listens.`);
  const url = `http://${loopbackHost(server.host)}:${server.port}/api/system/backup`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new BackupError(
      `${where} on port ${server.port}, but it did not answer (${cause}). If no server runs on this folder, delete that file and try again.`,
    );
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    const reason = typeof body.message === 'string' ? body.message : response.statusText;
    const hint =
      response.status === 404 ? ` The server takes backups over loopback only; it listens on HOST=${server.host}.` : '';
    throw new BackupError(`The server refused the backup (${response.status}): ${reason}.${hint}`);
  }
  // The same stream to Node; its types and the DOM's describe it apart.
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}

/** No server has the folder: this process may open it, for as long as the copy takes. */
async function copyStoppedFolder(dataDir: string): Promise<Readable> {
  const db = await openPglite(dataDir);
  try {
    return await makeArchive(db);
  } finally {
    await db.close();
  }
}

/** Reads the file back and opens it in memory, as a restore would. */
async function countRows(file: string): Promise<TableCount[]> {
  await checkArchive(file);
  const db = await openArchive(file).catch((error: unknown) => {
    throw new BackupError(
      `The backup written to ${file} does not open as a database: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  try {
    return await tableCountRepository(db).all();
  } finally {
    await db.close();
  }
}

/** How this machine reaches a server that listens on `host`. */
function loopbackHost(host: string): string {
  if (host === '' || host === '0.0.0.0' || host === '::' || host.startsWith('127.')) return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

await runCommand(() => main(process.argv.slice(2)));
