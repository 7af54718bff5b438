/**
 * Partner webhook deliveries (docs/partner-api.md, "Webhooks"): queued with their events in the
 * database, sent here every few seconds, never on a request's path, so a dead endpoint never
 * slows the registry. Each run claims its deliveries (SKIP LOCKED, then a claim time), so
 * several server instances send each delivery once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { deliverDue, type SendWebhook, sendWithFetch } from '../partners/webhooks';

/** Every `everyMs` (0: never; the tests run `deliverDue` themselves on their own clock). */
export function registerWebhookDeliveries(
  app: FastifyInstance,
  db: Database,
  now: () => Date,
  everyMs: number,
  send: SendWebhook = sendWithFetch,
): void {
  if (everyMs <= 0) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= deliverDue(db, send, now())
      .catch((error: unknown) => app.log.error({ err: error }, 'sending partner webhooks failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
