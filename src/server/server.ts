/**
 * Starts the Nambala server: `npm start` (after a build) or `npm run serve`.
 *
 * A start that cannot go on (a keys folder that belongs to another database, a data folder
 * this user cannot use, a port in use, a setting that is not valid) ends with one line on
 * stderr saying what is wrong and what to do, and exit code 1: never a stack trace, which
 * only LOG_LEVEL=debug adds.
 */
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { claimDataDir, type DataDirClaim } from './backup/control-file';
import { loadConfig, type ServerConfig, startWarnings } from './config';
import { folderProblem, StartupError } from './startup-error';

/** Says why the start failed, in one line, lets go of the data folder, and exits 1. */
async function stop(error: unknown, claim?: DataDirClaim): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Nambala could not start: ${message}\n`);
  if (!(error instanceof StartupError) && process.env.LOG_LEVEL === 'debug' && error instanceof Error)
    process.stderr.write(`${error.stack ?? ''}\n`);
  await claim?.release().catch(() => undefined);
  return process.exit(1);
}

/** The embedded database's folder exists (or can be made) and this user may read and write it. */
async function checkDataDir(config: ServerConfig): Promise<void> {
  if (config.databaseUrl || config.dataDir === 'memory://') return;
  try {
    await mkdir(config.dataDir, { recursive: true });
    await access(config.dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw folderProblem(error, 'data folder', config.dataDir, 'DATA_DIR') ?? error;
  }
}

function portProblem(error: unknown, config: ServerConfig): StartupError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `Port ${config.port} on ${config.host} is already in use by another program: stop that program, or set PORT to a free port.`,
    );
  if (code === 'EACCES')
    return new StartupError(
      `Port ${config.port} on ${config.host} needs privileges this user does not have (EACCES): set PORT to 1024 or above.`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(
      `The address ${config.host} is not one of this machine's (EADDRNOTAVAIL): set HOST to one of its addresses, or 0.0.0.0.`,
    );
  return undefined;
}

// Assigned in the try below, whose catch exits.
let config!: ServerConfig;
let claim: DataDirClaim | undefined;
let app!: FastifyInstance;
try {
  config = loadConfig();
  await checkDataDir(config);
  // On an embedded database folder, DATA_DIR/server.json says this process has it open:
  // `npm run backup` then asks us for the copy instead of opening the folder itself.
  claim = await claimDataDir(config).catch((error: unknown) => {
    throw folderProblem(error, 'data folder', config.dataDir, 'DATA_DIR') ?? error;
  });
  app = await buildApp({ config, controlToken: claim?.token });
} catch (error) {
  await stop(error, claim);
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // Stop accepting, let in-flight requests finish, then close the database.
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  // Only once the database is closed may another process open the folder.
  await claim?.release();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  // The port bound, which PORT=0 leaves to the system.
  const bound = app.server.address();
  await claim?.listening(typeof bound === 'object' && bound ? bound.port : config.port);
  app.log.info(
    `Nambala is running at ${config.tls ? 'https' : 'http'}://localhost:${config.port} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  for (const warning of startWarnings(process.env, config)) app.log.warn(warning);
} catch (error) {
  await app.close().catch(() => undefined);
  await stop(portProblem(error, config) ?? error, claim);
}
