/**
 * Server configuration, read once from the environment. Everything has a default
 * so that `npm start` on a fresh machine needs no setup.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… for a real PostgreSQL server; absent → embedded PGlite. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** Seed the demo data set. Default: yes on the embedded database, no on DATABASE_URL. */
  seedDemo: boolean;
  /** Folder holding the built app (vite build output); absent folder → API only. */
  appDir: string;
  logLevel: string;
  version: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${raw}'`);
  }
  return port;
}

function parseFlag(raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  return ['1', 'true', 'yes'].includes(raw.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: env.DATA_DIR ?? path.join(root, 'data', 'nambala-db'),
    seedDemo: parseFlag(env.SEED_DEMO) ?? databaseUrl === undefined,
    appDir: env.APP_DIR ?? path.join(root, 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    version: env.npm_package_version ?? '0.1.0',
    ...overrides,
  };
}
