import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { migrationRepository } from '../repositories/migration-repository';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgresql']),
  databaseReachable: z.boolean(),
  migration: z.string().nullable(),
  version: z.string(),
  uptimeSeconds: z.number(),
  serverTime: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; version: string }> = async (app, { db, version }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Service health', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      let migration: string | null = null;
      let reachable = true;
      try {
        migration = (await migrationRepository(db).latest()) ?? null;
      } catch {
        reachable = false;
      }
      const body = {
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: db.kind,
        databaseReachable: reachable,
        migration,
        version,
        uptimeSeconds: Math.round(process.uptime()),
        // Devices compare this with their own clock to detect skew.
        serverTime: new Date().toISOString(),
      };
      return reply.code(reachable ? 200 : 503).send(body);
    },
  );
};
