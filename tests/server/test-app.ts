/** Builds the server in-process on a fresh in-memory PGlite (or DATABASE_URL when a test asks for it). */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

export async function buildTestApp(overrides: { appDir?: string; seedDemo?: boolean } = {}): Promise<FastifyInstance> {
  const config = loadConfig({}, { dataDir: 'memory://', seedDemo: overrides.seedDemo ?? true, appDir: overrides.appDir ?? '/nonexistent', logLevel: 'silent' });
  return buildApp({ config, logger: false });
}
