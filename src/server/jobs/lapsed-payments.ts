/**
 * Lapsed mobile-money requests: one nobody answered reads as timed out from the instant
 * it lapses (derived from time, see #domain/payments/payment), but only a recorded
 * time-out tells its payer and frees the plate it held. This job records them every
 * minute while the app runs; settling is idempotent, so when several servers run it each
 * time-out is still recorded, and its payer told, once.
 */
import type { FastifyInstance } from 'fastify';
import { type PaymentContext, paymentService } from '../payments/payment-service';

const MINUTE_MS = 60_000;

/** Runs the job every minute once the app is ready, until it closes. */
export function registerLapseSweep(app: FastifyInstance, context: Omit<PaymentContext, 'log'>): void {
  const service = paymentService({ ...context, log: app.log });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= service
      .recordLapsed()
      .catch((error: unknown) => app.log.error({ err: error }, 'recording lapsed payments failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), MINUTE_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
