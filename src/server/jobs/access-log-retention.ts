/**
 * The personal data access log keeps five years (docs/privacy.md): rows older than that,
 * and the daily counts with them, are deleted when the server starts and every day after.
 * A delete by several servers at once is harmless: each row goes once.
 */
import type { FastifyInstance } from 'fastify';
import { retentionCutoff } from '#domain/privacy/personal-data-access';
import type { Database } from '../db/database';
import { accessLogRepository } from '../repositories/access-log-repository';

const DAY_MS = 24 * 3_600_000;

/** Deletes what is past its retention at `now`; answers how many log rows went. */
export function pruneAccessLog(db: Database, now: Date): Promise<number> {
  return accessLogRepository(db).deleteBefore(retentionCutoff(now));
}

/** Runs the sweep once the app is ready and every day after, until it closes. */
export function registerAccessLogRetention(app: FastifyInstance, db: Database, now: () => Date): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= pruneAccessLog(db, now())
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'personal data access log rows past retention deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'deleting access log rows past retention failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
