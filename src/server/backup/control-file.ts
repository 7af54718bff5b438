/**
 * DATA_DIR/server.json: written by the server that has the embedded database open.
 * PGlite allows one process on a folder and does not lock it, so this file is how
 * `npm run backup` knows to ask that server for a copy instead of opening the folder
 * itself, and how `npm run restore` knows to keep off it (docs/decisions/024).
 *
 * It holds the process id, the port once the server listens, and a random token the
 * backup route requires; only its owner may read it. The server writes it before it
 * opens the database and removes it after closing it. A file whose process has gone
 * (the server was killed) is stale and ignored.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import { BackupError } from './backup-error';

export const CONTROL_FILE = 'server.json';
/** Written first and renamed over the file, so a reader never finds it half written or missing. */
const NEXT_CONTROL_FILE = 'server.json.next';
/** What a copy of the folder leaves out: the token is this server's, not the database's. */
export const CONTROL_FILES: ReadonlySet<string> = new Set([CONTROL_FILE, NEXT_CONTROL_FILE]);

const controlFileSchema = z.object({
  pid: z.number().int(),
  /** Null while the server starts (migrations, demo data); its port once it listens. */
  port: z.number().int().nullable(),
  host: z.string(),
  token: z.string(),
  startedAt: z.string(),
});
export type ControlFile = z.infer<typeof controlFileSchema>;

export interface DataDirClaim {
  token: string;
  listening(port: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * The server's side: claims the folder before opening it, says its port once listening,
 * lets go once the database is closed. Nothing to claim on PostgreSQL or in memory.
 */
export async function claimDataDir(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'host'>,
): Promise<DataDirClaim | undefined> {
  const { dataDir, host } = config;
  if (config.databaseUrl || dataDir === 'memory://') return undefined;
  await mkdir(dataDir, { recursive: true });
  const control: ControlFile = {
    pid: process.pid,
    port: null,
    host,
    token: randomBytes(32).toString('base64url'),
    startedAt: new Date().toISOString(),
  };
  await writeControlFile(dataDir, control);
  return {
    token: control.token,
    listening: (port) => writeControlFile(dataDir, { ...control, port }),
    async release() {
      // Only our own: a second server started by mistake must not remove the first one's.
      const current = await readControlFile(dataDir).catch(() => undefined);
      if (current?.token === control.token) await rm(path.join(dataDir, CONTROL_FILE), { force: true });
    },
  };
}

/** The server that has this folder open, if one does. */
export async function findRunningServer(dataDir: string): Promise<ControlFile | undefined> {
  const control = await readControlFile(dataDir);
  if (!control || control.pid === process.pid || !isAlive(control.pid)) return undefined;
  return control;
}

async function writeControlFile(dataDir: string, control: ControlFile): Promise<void> {
  const next = path.join(dataDir, NEXT_CONTROL_FILE);
  // A new file gets the mode asked for; one left by a killed server keeps its own.
  await rm(next, { force: true });
  await writeFile(next, `${JSON.stringify(control, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(next, path.join(dataDir, CONTROL_FILE));
}

async function readControlFile(dataDir: string): Promise<ControlFile | undefined> {
  const file = path.join(dataDir, CONTROL_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BackupError(
      `Cannot read ${file}: ${(error as Error).message}. It belongs to the server's user; run this command as that user.`,
    );
  }
  const control = parseControlFile(text);
  if (!control)
    throw new BackupError(
      `${file} is not what a Nambala server writes. If no server runs on this folder, delete the file and try again.`,
    );
  return control;
}

function parseControlFile(text: string): ControlFile | undefined {
  try {
    const parsed = controlFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
