/**
 * A backup of the embedded database: its data folder as a .tar.gz, as PGlite's
 * dumpDataDir makes it, less the running server's control file. Made here (by the
 * running server or by `npm run backup` on a stopped one), checked and opened here
 * (by `npm run backup` to check what it wrote, and by `npm run restore`).
 */
import { openAsBlob } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { type Database, openPglite } from '../db/database';
import { BackupError } from './backup-error';
import { CONTROL_FILES } from './control-file';
import { tarEntries, tarWithout } from './tar';

/** The .tar.gz of the database as it stands now; the database stays open and in use. */
export async function makeArchive(db: Database): Promise<Readable> {
  if (!db.dumpDataDir) throw new Error('only the embedded database is copied as a folder; PostgreSQL has pg_dump');
  const tar = await db.dumpDataDir();
  // Compressed as it is sent, after the database is free again.
  return Readable.from(tarWithout(tar, CONTROL_FILES), { objectMode: false }).pipe(createGzip());
}

/** Throws, saying why, unless the file is a backup: a gzip-compressed tar archive of a database folder. */
export async function checkArchive(file: string): Promise<void> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(error.code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file}: ${error.message}`);
  });
  if (!info.isFile()) throw new BackupError(`${file} is not a file.`);
  const bytes = await readFile(file);
  const notABackup = `${file} is not a Nambala backup: one is a .tar.gz of the embedded database, as \`npm run backup\` writes it`;
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw new BackupError(`${notABackup} (this file is not gzip-compressed).`);
  let tar: Uint8Array;
  try {
    tar = await promisify(gunzip)(bytes);
  } catch (error) {
    throw new BackupError(
      `${notABackup} (it does not decompress: ${(error as Error).message}; the file may be cut short).`,
    );
  }
  let names: Set<string>;
  try {
    names = new Set(tarEntries(tar).map((entry) => entry.name));
  } catch (error) {
    throw new BackupError(`${notABackup} (inside is no tar archive: ${(error as Error).message}).`);
  }
  if (!names.has('PG_VERSION') || !names.has('global/pg_control'))
    throw new BackupError(`${notABackup} (it holds no database folder).`);
}

/** A backup file opened as a database: in memory to check it, or in a new folder to restore it. */
export async function openArchive(file: string, dataDir = 'memory://'): Promise<Database> {
  // Read from the file as PGlite unpacks it, not held in memory a second time.
  return openPglite(dataDir, await openAsBlob(file, { type: 'application/gzip' }));
}
