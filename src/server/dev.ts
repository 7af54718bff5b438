/**
 * `npm run dev`: the API on PORT (8080) and Vite's dev server with hot reload on
 * 5173, which proxies /api to the API. Open http://localhost:5173.
 */
import { createServer } from 'vite';
import { buildApp } from './app';
import { claimDataDir } from './backup/control-file';
import { loadConfig } from './config';

const config = loadConfig(process.env, { appDir: '/nonexistent-in-dev', host: '127.0.0.1' });
// As server.ts: `npm run backup` asks this process for the copy (docs/backup-and-restore.md).
const claim = await claimDataDir(config);
const api = await buildApp({ config, controlToken: claim?.token });
await api.listen({ port: config.port, host: config.host });
await claim?.listening(config.port);

// The proxy follows PORT, so `PORT=9000 npm run dev` still reaches its own API.
const vite = await createServer({ server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${config.port}` } } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  await vite.close();
  await api.close();
  await claim?.release();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
