/**
 * `npm run restore -- <file> [--data-dir DIR] [--force]`: a backup made by `npm run
 * backup` becomes the embedded database in DIR (DATA_DIR by default); see
 * docs/backup-and-restore.md.
 *
 * The backup is unpacked into a new folder beside DIR and opened there, its rows
 * counted; only then does that folder take DIR's place, so a backup that does not open
 * leaves DIR as it was. DIR must be absent or empty, or --force moves what is in it
 * aside (nothing is deleted). Never while a server runs on DIR.
 * With DATABASE_URL and no --data-dir it prints the pg_restore command instead.
 */
import { mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkArchive, openArchive } from './backup/archive';
import { BackupError } from './backup/backup-error';
import {
  callerPath,
  formatRowCounts,
  runCommand,
  shellQuote,
  shownPath,
  signingKeyReminder,
  systemFailure,
  timestamp,
} from './backup/command-line';
import { CONTROL_FILES, findRunningServer } from './backup/control-file';
import { loadConfig } from './config';
import { type TableCount, tableCountRepository } from './repositories/table-count-repository';

const USAGE = 'Usage: npm run restore -- <backup file> [--data-dir DIR] [--force]';

interface Options {
  file: string;
  dataDir: string | undefined;
  isForced: boolean;
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const options = parseOptions(args);
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (config.databaseUrl && options.dataDir === undefined) {
    process.stderr.write(
      `DATABASE_URL is set: the data is in PostgreSQL. Nothing was changed. A pg_dump backup is restored with\n\n` +
        `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${shellQuote(options.file)}\n\n` +
        `with the servers stopped; see docs/backup-and-restore.md. To restore an embedded backup, name the folder: --data-dir DIR.\n`,
    );
    return 2;
  }
  if ((options.dataDir ?? config.dataDir) === 'memory://')
    throw new BackupError('DATA_DIR is memory://: name the folder to restore into with --data-dir DIR.');
  const target = options.dataDir === undefined ? path.resolve(config.dataDir) : callerPath(options.dataDir);
  const file = callerPath(options.file);

  await refuseWhileServed(target);
  const contents = await folderContents(target);
  if (contents && contents.length > 0 && !options.isForced) {
    throw new BackupError(
      `${target} is not empty. Restore into a new folder (--data-dir DIR), or add --force to move what is in it aside to ${path.basename(target)}.before-restore-<time>.`,
    );
  }
  await checkArchive(file);

  const stamp = timestamp(new Date());
  const staging = `${target}.restoring-${stamp}`;
  await mkdir(path.dirname(target), { recursive: true })
    // Not recursive: a folder of that name is another restore's, never to be removed here.
    .then(() => mkdir(staging))
    .catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'EEXIST'
        ? new BackupError(`${staging} exists: is another restore running?`)
        : systemFailure(error, `Creating ${staging}`);
    });
  let counts: TableCount[];
  try {
    counts = await openAndCount(file, staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} did not open as a database (${reason}); ${target} is unchanged.`);
  }

  // A server may have started on the folder while the backup was being opened.
  await refuseWhileServed(target, staging);
  const aside = contents && contents.length > 0 ? `${target}.before-restore-${stamp}` : undefined;
  try {
    if (aside) await rename(target, aside);
    else if (contents) await rmdir(target);
    await rename(staging, target);
  } catch (error) {
    throw new BackupError(
      `Could not put the restored database in place (${(error as Error).message}). It is complete in ${staging}: move it to ${target} by hand, or restore into another folder with --data-dir.`,
    );
  }

  process.stdout.write(
    `Restored ${shownPath(file)} into ${shownPath(target)}\n  checked: it opens, and holds ${formatRowCounts(counts)}\n`,
  );
  if (aside)
    process.stdout.write(
      `What was in ${shownPath(target)} is now in ${shownPath(aside)}; delete it once the restored database is confirmed.\n`,
    );
  if (path.resolve(config.dataDir) !== target)
    process.stdout.write(`Start the server on it with DATA_DIR=${shownPath(target)}.\n`);
  process.stdout.write('The server brings it up to date (migrations) when it starts.\n');
  // The keys of a server on the restored folder: SIGNING_KEY_DIR, or beside the folder.
  const reminder = signingKeyReminder(loadConfig(process.env, { dataDir: target }), 'restore');
  if (reminder) process.stdout.write(`${reminder}\n`);
  return 0;
}

function parseOptions(args: string[]): Options | undefined {
  const files: string[] = [];
  let dataDir: string | undefined;
  let isForced = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--force') isForced = true;
    else if (arg === '--data-dir') {
      dataDir = args[index + 1];
      index += 1;
      if (!dataDir) return undefined;
    } else if (arg.startsWith('--data-dir=')) dataDir = arg.slice('--data-dir='.length);
    else if (arg.startsWith('-')) return undefined;
    else files.push(arg);
  }
  const [file] = files;
  return files.length === 1 && file ? { file, dataDir, isForced } : undefined;
}

/** Unpacks the backup into a new folder and opens it there: PGlite replays what it must, and the rows are counted. */
async function openAndCount(file: string, folder: string): Promise<TableCount[]> {
  const db = await openArchive(file, folder);
  try {
    return await tableCountRepository(db).all();
  } finally {
    await db.close();
    // A copy of a folder made by other means may hold the control file of the server that had it.
    for (const name of CONTROL_FILES) await rm(path.join(folder, name), { force: true });
  }
}

async function refuseWhileServed(target: string, staging?: string): Promise<void> {
  const server = await findRunningServer(target);
  if (!server) return;
  if (staging) await rm(staging, { recursive: true, force: true });
  throw new BackupError(
    `A server (pid ${server.pid}${server.port ? `, port ${server.port}` : ''}) is running on ${target}. Stop it first, or restore into another folder with --data-dir.`,
  );
}

/** The names in a folder; undefined when there is no such folder. */
async function folderContents(folder: string): Promise<string[] | undefined> {
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new BackupError(`Cannot read ${folder}: ${error.message}`);
  });
  if (!info) return undefined;
  if (!info.isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  return readdir(folder);
}

await runCommand(() => main(process.argv.slice(2)));
