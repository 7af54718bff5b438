/** Starts the Nambala server: `npm start` (after a build) or `npm run serve`. */
import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp({ config });

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
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Nambala is running at http://localhost:${config.port} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
