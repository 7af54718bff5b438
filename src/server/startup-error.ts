/**
 * Why the server cannot start, in one line an operator can act on: what is wrong, which
 * folder or setting it is, and what to do. server.ts prints the line and exits 1, with no
 * stack trace (the stack says where in our code, which the operator cannot change; the
 * line says what in their machine, which they can).
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

const BACKUP_DOC = 'docs/backup-and-restore.md';

/** The line for a file-system failure on a folder the server needs, or undefined when the error is not one. */
export function folderProblem(error: unknown, what: string, folder: string, setting: string): StartupError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') {
    return new StartupError(
      `The ${what} ${folder} cannot be read or written by this user (${code}): give the user running Nambala access to it, or set ${setting} to a folder it can use.`,
    );
  }
  if (code === 'ENOTDIR' || code === 'EEXIST')
    return new StartupError(`The ${what} ${folder} is not a folder (${code}): set ${setting} to a folder.`);
  if (code === 'EROFS')
    return new StartupError(
      `The ${what} ${folder} is on a read-only file system (EROFS): set ${setting} to a folder Nambala can write.`,
    );
  if (code === 'ENOSPC')
    return new StartupError(
      `The disk holding the ${what} ${folder} is full (ENOSPC): free some space and start again.`,
    );
  return undefined;
}

export const keysWithoutDatabase = (keyDir: string, files: readonly string[]) =>
  new StartupError(
    `The keys folder ${keyDir} holds signing keys (${files.join(', ')}) but the database has none: the keys belong to another database. Restore that database (${BACKUP_DOC}), or move the keys folder aside to start a new, empty registry.`,
  );

export const databaseWithoutKeys = (keyDir: string, keyIds: readonly number[]) =>
  new StartupError(
    `The database has signing keys (${keyIds.map((id) => `registry-key-${id}.pem`).join(', ')}) but the keys folder ${keyDir} holds none of them: put the keys kept with the database's backup in ${keyDir} or set SIGNING_KEY_DIR to where they are (${BACKUP_DOC}); an instance that only verifies plates starts with VERIFY_ONLY=true.`,
  );

export const keyDoesNotMatch = (keyDir: string, keyId: number) =>
  new StartupError(
    `The keys folder ${keyDir} holds a registry-key-${keyId}.pem that is not the database's key ${keyId}: the folder belongs to another database. Put this database's keys there (${BACKUP_DOC}), or restore the database that goes with these keys.`,
  );
