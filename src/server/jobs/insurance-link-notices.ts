/**
 * Telling account holders that an insurance agent recorded them as a customer. saveCustomer
 * only stores the question (one statement, whatever the email or phone), so that its answer
 * and its time never depend on whether an account exists; this job tells the holder after
 * the save has been answered: kicked after each request that saved a customer, and every
 * minute for anything left (a question from another server, or the migration's). Each
 * question is claimed and its notification made in one transaction, so it is told once
 * however many servers run the job.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { tellOfLinkRequests } from '../insurance/owner-consent';

const MINUTE_MS = 60_000;

let asked = 0;

/** saveCustomer stored a question (or may have): the job runs once the request is answered. */
export function noteLinkRequestsAsked(): void {
  asked += 1;
}

/** Tells the holders of every question not yet told; returns how many were told. */
export async function sendLinkNotices(db: Database, now: Date): Promise<number> {
  let told = 0;
  for (;;) {
    const batch = await db.transaction((tx) => tellOfLinkRequests(tx, now));
    told += batch;
    if (batch === 0) return told;
  }
}

const ASKED_AT_START = 'linkNoticesAskedAtStart';

declare module 'fastify' {
  interface FastifyRequest {
    /** Unset on a request answered before this hook ran (refused early): it asked for nothing. */
    linkNoticesAskedAtStart?: number;
  }
}

export function registerLinkNotices(app: FastifyInstance, db: Database, now: () => Date): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  let isClosing = false;
  // A kick during a run may concern a question stored after the run claimed its batch: run once more.
  let isAskedAgain = false;
  const run = (): Promise<unknown> => {
    if (isClosing) return Promise.resolve();
    if (running) {
      isAskedAgain = true;
      return running;
    }
    running = sendLinkNotices(db, now())
      .catch((error: unknown) => app.log.error({ err: error }, 'telling account holders of customer links failed'))
      .finally(() => {
        running = undefined;
        if (isAskedAgain) {
          isAskedAgain = false;
          void run();
        }
      });
    return running;
  };
  // The count when the request came, on the request itself (not a WeakMap entry per request).
  app.addHook('onRequest', (request, _reply, done) => {
    request[ASKED_AT_START] = asked;
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request[ASKED_AT_START] !== undefined && request[ASKED_AT_START] !== asked) void run();
    done();
  });
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), MINUTE_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    isClosing = true;
    clearInterval(timer);
    await running;
  });
}
