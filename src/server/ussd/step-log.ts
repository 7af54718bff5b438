/**
 * The USSD step log's writer: each step is queued when it is answered and written just after
 * (STEP_LOG_LINGER_MS), with the steps answered meanwhile and while a write runs, in one
 * statement for all of them, so a busy server writes fewer, larger batches instead of falling
 * behind. A step is
 * never dropped for load; a write that fails is tried again, with the same step keys, so a
 * write that did commit before its failure was seen leaves one row, not two
 * (docs/decisions/074-a-ussd-step-in-one-read.md says what a crash loses).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { afterAnswer, hurryLingering, linger } from '../plugins/after-answer';
import { type UssdStepRecord, ussdRepository } from '../repositories/ussd-repository';

/**
 * How long the first step of a write waits for others to join it. A gateway's caller reads the
 * screen and types for seconds before the session's next step: 200 ms later is still "just
 * after the answer", and a steady stream of steps is written a few dozen at a time.
 */
export const STEP_LOG_LINGER_MS = 200;
/** The most steps written in one statement. */
const MOST_IN_ONE_WRITE = 500;
/** Waits before each new try of a failed write; after the last, the steps are given up and logged as lost. */
const RETRY_AFTER_MS = [50, 200, 1_000, 3_000, 5_000];

export interface UssdStepLog {
  /** Queues a step answered just now; it is written once the answer has gone. */
  add(step: UssdStepRecord): void;
  /** Whether a step of this caller is queued or being written. */
  isWriting(caller: string): boolean;
  /** Resolves once every step queued so far is written (or given up). */
  written(): Promise<void>;
}

export function ussdStepLog({
  db,
  log,
  retryAfterMs = RETRY_AFTER_MS,
  lingerMs = STEP_LOG_LINGER_MS,
}: {
  db: Database;
  log: FastifyBaseLogger;
  retryAfterMs?: readonly number[];
  lingerMs?: number;
}): UssdStepLog {
  const steps = ussdRepository(db);
  let queue: UssdStepRecord[] = [];
  /** Steps queued or being written, per caller. */
  const unwritten = new Map<string, number>();
  let writing: Promise<void> | undefined;

  const done = (batch: readonly UssdStepRecord[]) => {
    for (const step of batch) {
      const left = (unwritten.get(step.caller) ?? 1) - 1;
      if (left > 0) unwritten.set(step.caller, left);
      else unwritten.delete(step.caller);
    }
  };

  /** Writes until the queue is empty: what was queued during a write goes in the next. */
  const writeAll = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, MOST_IN_ONE_WRITE);
      queue = queue.slice(batch.length);
      for (let attempt = 0; ; attempt += 1) {
        try {
          await steps.recordSteps(batch);
          break;
        } catch (error) {
          const wait = retryAfterMs[attempt];
          if (wait === undefined) {
            log.error(
              { err: error, steps: batch.length, sessions: [...new Set(batch.map((step) => step.sessionId))] },
              'USSD steps could not be logged',
            );
            break;
          }
          log.warn({ err: error, steps: batch.length }, 'logging USSD steps failed; trying again');
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
      done(batch);
    }
  };

  const start = () => {
    // Counted from now, and cut short when the server closes or someone waits for the log.
    const lingered = lingerMs > 0 ? linger(lingerMs) : Promise.resolve();
    writing = new Promise<void>((resolve) =>
      // Through afterAnswer: the answer is sent first, and the server waits for the write before it closes.
      afterAnswer(log, 'logging USSD steps', async () => {
        try {
          await lingered;
          await writeAll();
        } finally {
          writing = undefined;
          resolve();
          // A step queued between the last write and here.
          if (queue.length > 0) start();
        }
      }),
    );
  };

  return {
    add(step) {
      queue.push(step);
      unwritten.set(step.caller, (unwritten.get(step.caller) ?? 0) + 1);
      if (!writing) start();
    },
    isWriting: (caller) => unwritten.has(caller),
    async written() {
      while (writing) {
        hurryLingering();
        await writing;
      }
    },
  };
}
