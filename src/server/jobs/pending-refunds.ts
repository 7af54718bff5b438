/**
 * Pending refunds: each is sent to the payment provider once the transaction that started it
 * has committed, and asked about until the provider reports it refunded or failed. Routes that
 * start a refund send it at once; this job catches the rest (a refund started by a late
 * approval, a server that stopped in between) and follows the pending ones, so the payer is
 * told the money is back even when nobody is looking. Settling is idempotent, so several
 * servers may run it.
 */
import type { FastifyInstance } from 'fastify';
import { type RefundContext, refundService } from '../payments/refunds';

const EVERY_MS = 15_000;

export function registerRefundSweep(app: FastifyInstance, context: Omit<RefundContext, 'log'>): void {
  const service = refundService({ ...context, log: app.log });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= service
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'following pending refunds failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
