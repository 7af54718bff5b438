/**
 * Sends the queued SMS and email through the message provider: soon after a request that
 * queued some has been answered (its transaction has committed by then), and on a timer
 * for everything else, retries included. A failed try is retried with a growing wait, up
 * to MAX_ATTEMPTS tries; a message the provider took is marked sent and never picked again.
 *
 * Several server instances may run dispatchers on one database: each claims messages for
 * a while (SKIP LOCKED, then a hold time), so two never send the same message. If an
 * instance stops between the provider taking a message and recording it, the message is
 * tried again after the hold; the provider gets the message's id as its idempotency key,
 * so it still arrives once.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { messageRepository, type StoredMessage } from '../repositories/message-repository';
import type { MessageProvider, OutgoingMessage } from './message-provider';
import { emailHtml } from './email-body';
import { textToSend } from './message-text';
import { messagesQueuedSoFar } from './outbox-signal';

/** Tries per message, the first included, before it is marked failed. */
export const MAX_ATTEMPTS = 6;
/** How long a claimed message is left alone by other dispatchers: longer than any send may take. */
export const CLAIM_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 30_000;
const INTERVAL_MS = 20_000;
const BATCH_SIZE = 25;
/** Batches per drain; the rest waits for the next tick, so one drain never runs unbounded. */
const MAX_BATCHES = 20;

/** The wait after `attempts` failed tries: 30 s, 2 min, 8 min, 32 min, then 2 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 2 * 3600_000);
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface DispatcherOptions {
  db: Database;
  provider: MessageProvider;
  /** Where links in messages point: this server's public address. */
  publicOrigin: string;
  now: () => Date;
  log: FastifyBaseLogger;
  intervalMs?: number;
  sendTimeoutMs?: number;
}

export interface MessageDispatcher {
  /** Sends everything due now; a call while a drain runs joins it, and it runs once more. */
  drain(): Promise<DrainResult>;
  /** Asks for a drain without waiting for it. */
  kick(): void;
  /** Starts the timer (unref'd: it never keeps the process alive). */
  start(): void;
  /** Stops the timer and waits for a running drain; later kicks do nothing. */
  stop(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the provider did not answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'the provider refused the message';

export function messageDispatcher({
  db,
  provider,
  publicOrigin,
  now,
  log,
  intervalMs = INTERVAL_MS,
  sendTimeoutMs = SEND_TIMEOUT_MS,
}: DispatcherOptions): MessageDispatcher {
  const messages = messageRepository(db);
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function send(message: StoredMessage): Promise<keyof DrainResult> {
    const outgoing: OutgoingMessage = {
      id: message.id,
      channel: message.channel,
      to: message.recipient,
      body: textToSend(message, publicOrigin),
    };
    if (message.subject !== null) outgoing.subject = message.subject;
    if (message.channel === 'email') outgoing.html = emailHtml(message, publicOrigin);
    let providerRef: string;
    try {
      ({ providerRef } = await withTimeout(provider.send(outgoing), sendTimeoutMs));
    } catch (error) {
      const retryAt =
        message.attempts >= MAX_ATTEMPTS ? null : new Date(now().getTime() + retryDelayMs(message.attempts));
      log.warn(
        { err: error, messageId: message.id, channel: message.channel, attempts: message.attempts, retryAt },
        'message not sent',
      );
      await messages.markAttemptFailed(message.id, { provider: provider.name, error: describeError(error), retryAt });
      return retryAt ? 'retrying' : 'failed';
    }
    await messages.markSent(message.id, { provider: provider.name, providerRef, at: now() });
    return 'sent';
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES && !stopped; batch += 1) {
      const at = now();
      const claimed = await messages.claimDue(at, new Date(at.getTime() + CLAIM_MS), BATCH_SIZE);
      if (claimed.length === 0) break;
      for (const message of claimed) result[await send(message)] += 1;
    }
    return result;
  }

  function drain(): Promise<DrainResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DrainResult = { sent: 0, retrying: 0, failed: 0 };
      do {
        again = false;
        const result = await drainOnce();
        total.sent += result.sent;
        total.retrying += result.retrying;
        total.failed += result.failed;
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function kick(): void {
    if (stopped) return;
    drain().catch((error: unknown) => log.error({ err: error }, 'sending messages failed'));
  }

  return {
    drain,
    kick,
    start() {
      if (timer || stopped) return;
      timer = setInterval(kick, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Runs a dispatcher with the app: started when the app is ready, kicked after each
 * request during which notify() queued messages, stopped before the app (and its
 * database) closes.
 */
const QUEUED_AT_START = 'messagesQueuedAtStart';

declare module 'fastify' {
  interface FastifyRequest {
    /** Unset on a request answered before this hook ran (refused early): it asked for nothing. */
    messagesQueuedAtStart?: number;
  }
}

export function registerMessageDispatcher(
  app: FastifyInstance,
  options: Omit<DispatcherOptions, 'log'>,
): MessageDispatcher {
  const dispatcher = messageDispatcher({ ...options, log: app.log });
  // The count when the request came, on the request itself: a WeakMap entry per request
  // costs the garbage collector more than the request's own work on the busiest routes.
  app.addHook('onRequest', (request, _reply, done) => {
    request[QUEUED_AT_START] = messagesQueuedSoFar();
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request[QUEUED_AT_START] !== undefined && request[QUEUED_AT_START] !== messagesQueuedSoFar()) dispatcher.kick();
    done();
  });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('preClose', () => dispatcher.stop());
  return dispatcher;
}
