/**
 * Requests that failed on the server's side (5xx) are written to system_logs, so the
 * System Dashboard shows them as ERROR lines and counts them in System Health. The
 * full error still goes to the pino log; the table keeps only what an administrator
 * reads: the route and the error's message. Recording never fails the request.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { reportRepository } from '../repositories/report-repository';

export function registerSystemLog(app: FastifyInstance, db: Database, now: () => Date): void {
  app.addHook('onError', async (request, _reply, error) => {
    if ((error.statusCode ?? 500) < 500) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
    const module = route.split('/').filter(Boolean)[1] ?? 'server';
    try {
      await reportRepository(db).recordLog({
        level: 'ERROR',
        module,
        message: `${request.method} ${route} failed: ${error.message}`,
        at: now(),
      });
    } catch (failure) {
      request.log.warn({ err: failure }, 'could not record the failure in system_logs');
    }
  });
}
