/** What `npm run backup` and `npm run restore` share at the command line: how they end and how they print. */
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { TableCount } from '../repositories/table-count-repository';
import { BackupError } from './backup-error';

/**
 * Runs a command and sets the exit code. A BackupError is the caller's to put right and
 * prints as its message alone; anything else is a fault and keeps its stack.
 */
export async function runCommand(main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    const isForCaller = error instanceof BackupError;
    process.stderr.write(
      isForCaller
        ? `${error.message}\n`
        : `Failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

/**
 * A failure of the system around the command (no space left, no permission, the
 * connection cut) as a BackupError that says what was being done; anything else,
 * a fault in the code, as it is.
 */
export function systemFailure(error: unknown, doing: string): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && error instanceof Error
    ? new BackupError(`${doing} failed: ${error.message}`)
    : error;
}

/** A path typed by the caller: `npm run` starts the command in the project's folder, INIT_CWD is where the caller was. */
export function callerPath(typed: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), typed);
}

/** 2026-11-24 15:49:00 UTC → 20261124T154900Z: sorts by time, and fits a file name. */
export function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Relative to where the command runs when below it, so the line is short; absolute otherwise. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** A word for a POSIX shell, quoted only when it has to be. */
export function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit] ?? ''}`;
}

/** One line of totals, then a line a table. */
export function formatRowCounts(counts: readonly TableCount[]): string {
  const total = counts.reduce((sum, count) => sum + count.rows, 0);
  const width = Math.max(0, ...counts.map((count) => count.table.length));
  const lines = counts.map(
    (count) => `    ${count.table.padEnd(width)}  ${count.rows.toLocaleString('en-US').padStart(10)}`,
  );
  return [`${counts.length} tables, ${total.toLocaleString('en-US')} rows:`, ...lines].join('\n');
}

/** The keys that sign plate credentials live beside the database, not in it, and need their own copy. */
export function signingKeyReminder(config: ServerConfig, after: 'backup' | 'restore'): string {
  if (config.signingKey)
    return 'The signing key is not in a backup: it comes from SIGNING_KEY_PEM; keep it with your other secrets.';
  if (config.keyDir === 'memory://') return '';
  const keyDir = shownPath(path.resolve(config.keyDir));
  return after === 'backup'
    ? `The signing keys are not in a backup: keep a copy of ${keyDir} (SIGNING_KEY_DIR) apart from it, as safely.`
    : `The signing keys are not in a backup: a server on this folder reads them from ${keyDir} (SIGNING_KEY_DIR); put the copy kept with the backup there.`;
}
