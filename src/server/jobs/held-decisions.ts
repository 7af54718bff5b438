/**
 * Decisions on plate requests whose undo window has passed: the applicant is told (notification,
 * SMS and email) and a rejection's refund started, then the refunds go to the payment provider
 * and the messages to the message provider at once rather than on their own timers. Every few
 * seconds, so the news follows the window's end closely; claims skip what another server holds.
 */
import type { FastifyInstance } from 'fastify';
import { releaseDueDecisions } from '../applications/decision-undo';
import { type RefundContext, refundService } from '../payments/refunds';

/** Every 5 s, or a third of a shortened window (a test server's), so the news follows its end closely. */
const everyMs = (windowMs: number) => Math.min(5_000, Math.max(1_000, Math.floor(windowMs / 3)));

export function registerHeldDecisionRelease(
  app: FastifyInstance,
  context: Omit<RefundContext, 'log'> & { sendMessages: () => void; windowMs: number },
): void {
  const refunds = refundService({ ...context, log: app.log });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const run = (): Promise<unknown> => {
    running ??= releaseDueDecisions(context.db, context.now())
      .then(async (released) => {
        if (released === 0) return;
        context.sendMessages();
        await refunds.sweep();
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing decisions past their undo window failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), everyMs(context.windowMs));
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
