/**
 * Work a route does after it has answered: when what the work finds must not show in the
 * answer's timing (a password reset for a registered email against one no account uses).
 * A failure is logged, never answered. The server waits for such work before it closes, and
 * tests wait for it with `workAfterAnswers()`.
 */
import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

export function afterAnswer(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
  const running = (async () => {
    // The answer is written first: the work starts on the next turn of the event loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await work();
  })()
    .catch((error: unknown) => log.error({ err: error }, `${what} failed after its answer was sent`))
    .finally(() => pending.delete(running));
  pending.add(running);
}

const lingering = new Set<() => void>();

/**
 * For work after answers that waits to be done together (a batch of writes): waits `ms`, or
 * less when someone waits for the work after answers (the server closing, a test).
 */
export function linger(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      lingering.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    lingering.add(done);
  });
}

/** Ends every wait of `linger` now. */
export function hurryLingering(): void {
  for (const done of [...lingering]) done();
}

/** Resolves once every piece of work started after an answer has finished, without lingering. */
export async function workAfterAnswers(): Promise<void> {
  while (pending.size > 0) {
    hurryLingering();
    await Promise.all([...pending]);
  }
}
