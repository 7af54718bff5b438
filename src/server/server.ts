/** Starts the Nambala server: `npm start` (after a build) or `npm run serve`. */
import { buildApp } from './app';
import { claimDataDir } from './backup/control-file';
import { loadConfig } from './config';

const config = loadConfig();
// On an embedded database folder, DATA_DIR/server.json says this process has it open:
// `npm run backup` then asks us for the copy instead of opening the folder itself.
const claim = await claimDataDir(config);
const app = await buildApp({ config, controlToken: claim?.token });

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
  app.log.info(`Nambala is running at http://localhost:${config.port} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
