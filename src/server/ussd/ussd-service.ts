/**
 * One step of a USSD session: the caller's limit and where the session stands (started over
 * when idle past the limit, as gateways end theirs), both read from the step log in one read;
 * the facts the screen needs, a report stored as an integrity alert, then the screen, and the
 * step in the log. The menu itself is pure
 * (#domain/ussd/ussd-menu); this module only fetches and stores.
 */
import { randomUUID } from 'node:crypto';
import { unissuedStanding } from '#domain/plates/lifecycle';
import { ngwee } from '#domain/money/money';
import {
  type CallerPlate,
  rateLimitedScreen,
  routeUssd,
  type UssdFacts,
  type UssdRoute,
  ussdScreen,
} from '#domain/ussd/ussd-menu';
import { normalisePhone } from '#domain/validation/identity-checks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { plateRepository } from '../repositories/plate-repository';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { ussdRepository } from '../repositories/ussd-repository';
import { SESSION_MEMORY_MS, sessionBook } from './session-book';
import { ussdStepLog } from './step-log';
import type { UssdStepRequest } from './gateway';
import { publicPlateFacts } from './plate-check';

/** How long a phone's requests are counted together, and how many it may make in that time. */
export interface PhoneLimit {
  max: number;
  windowMs: number;
}

export interface UssdServiceOptions {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  /** A session idle longer than this starts over (gateways end theirs after about 180 s). */
  sessionIdleMs: number;
  /** Per phone number; max 0 turns it off. */
  limit: PhoneLimit;
}

/**
 * Counts one request from the phone; the END screen to answer when it is over the limit,
 * otherwise undefined. Keyed by the number as the network gave it, so every form of it counts.
 */
export async function overPhoneLimit(
  db: Queryable,
  key: string,
  limit: PhoneLimit,
): Promise<{ minutes: number } | undefined> {
  if (limit.max <= 0) return undefined;
  const count = await rateLimitRepository(db).hit(key, limit.windowMs);
  return count.hits > limit.max ? { minutes: Math.max(1, Math.ceil(count.ttlMs / 60_000)) } : undefined;
}

/** The caller's plates, when the phone number is an account's; null when it is no one's (public tier only). */
async function callerAccount(tx: Queryable, phone: string | null): Promise<UssdFacts['account']> {
  if (phone === null) return null;
  const accountIds = await ussdRepository(tx).accountsWithPhone(phone);
  if (accountIds.length === 0) return null;
  const plates: CallerPlate[] = [];
  for (const accountId of accountIds) {
    for (const owned of await plateRepository(tx).ownedBy(accountId)) {
      const registration = owned.registration;
      plates.push(
        registration
          ? { plateNumber: owned.plateNumber, standing: registration.standing, expiryDate: registration.expiryDate }
          : {
              plateNumber: owned.plateNumber,
              standing: unissuedStanding(owned.stage === 'Registered' ? 'Made' : owned.stage),
              expiryDate: null,
            },
      );
    }
  }
  const { settings } = await settingsRepository(tx).pricing();
  return { plates, renewalFee: ngwee(settings.renewalFee) };
}

async function factsFor(
  tx: Queryable,
  route: UssdRoute,
  step: { phone: string | null; rawPhone: string; sessionId: string },
  at: Date,
): Promise<UssdFacts> {
  const today = at.toISOString().slice(0, 10);
  switch (route.kind) {
    case 'check':
      return { verdict: await publicPlateFacts(tx, route.plateNumber, today) };
    case 'my-plates':
    case 'renewals':
      return { account: await callerAccount(tx, step.phone) };
    case 'report': {
      const accountIds = step.phone === null ? [] : await ussdRepository(tx).accountsWithPhone(step.phone);
      const reason = route.reason === 'stolen' ? 'Stolen' : 'Suspicious (wrong car, altered plate)';
      await raiseIntegrityAlert(
        tx,
        {
          kind: 'phone-report',
          subjectId: accountIds.length === 1 ? (accountIds[0] ?? null) : null,
          plateNumber: route.plateNumber,
          summary: `${route.plateNumber} reported by phone as ${route.reason} by ${step.phone ?? step.rawPhone}.`,
          evidence: { reason, phone: step.phone ?? step.rawPhone, channel: 'USSD', session: step.sessionId },
        },
        at,
      );
      return { reported: true };
    }
    default:
      return {};
  }
}

/** At most this many phones are remembered as over their limit; the ones whose wait has ended go first. */
const MOST_PHONES_HELD = 10_000;

/**
 * Phones this instance found over their limit, and until when: their steps are refused here
 * without asking the database. Only ever what the shared count said, so never stricter than it.
 */
function heldPhones() {
  const until = new Map<string, number>();
  return {
    until(caller: string, at: Date): number | undefined {
      const end = until.get(caller);
      if (end === undefined) return undefined;
      if (end > at.getTime()) return end;
      until.delete(caller);
      return undefined;
    },
    hold(caller: string, end: number, at: Date) {
      if (until.size >= MOST_PHONES_HELD) {
        for (const [held, heldUntil] of until) if (heldUntil <= at.getTime()) until.delete(held);
        // Still full: the longest held go first (a phone let through is counted again from the database).
        for (const held of until.keys()) {
          if (until.size < MOST_PHONES_HELD) break;
          until.delete(held);
        }
      }
      until.set(caller, end);
    },
  };
}

export function ussdService({ db, log, now, sessionIdleMs, limit }: UssdServiceOptions) {
  const sessions = ussdRepository(db);
  const stepLog = ussdStepLog({ db, log });
  const held = heldPhones();
  const max = Math.max(0, limit.max);
  const book = sessionBook({ windowMs: limit.windowMs, max });
  const isShared = db.kind === 'postgresql';
  const turns = callerTurns();
  /** Several instances may share the log: read it, once this instance's own steps of the phone are in it. */
  const sharedContext = async (sessionId: string, caller: string, at: Date) => {
    if (stepLog.isWriting(caller)) await stepLog.written();
    return sessions.stepContext(sessionId, caller, new Date(at.getTime() - limit.windowMs), max);
  };
  return {
    /** Fills this process's memory from the log on the embedded database; nothing to do on PostgreSQL. */
    async start(): Promise<void> {
      if (isShared) return;
      const since = new Date(now().getTime() - Math.max(SESSION_MEMORY_MS, limit.windowMs));
      for (const step of await sessions.stepsSince(since)) book.note(step);
    },

    /**
     * The screen for one step of a session, "CON …" or "END …". Not one transaction: a
     * gateway sends a session's next step only after this one's answer, and a report, the one
     * step that writes more than the log, is its own. On the way to the answer one read tells
     * where the session stands and how many steps the phone made in the window (the step log
     * is both); the plate is read as the verification page reads it; the step is logged after
     * the answer (docs/decisions/074-a-ussd-step-in-one-read.md).
     */
    async answer(request: UssdStepRequest): Promise<string> {
      const at = now();
      const phone = normalisePhone(request.phoneNumber);
      const caller = phone ?? request.phoneNumber;
      const steps = request.text === '' ? [] : request.text.split('*');
      const heldUntil = limit.max > 0 ? held.until(caller, at) : undefined;
      /** Counts the step and moves the session on, at once (no other step of the phone can come between). */
      const noteStep = (stepOffset: number, counted: boolean) => {
        const noted = { sessionId: request.sessionId, phone: request.phoneNumber, caller, stepOffset, counted, at };
        if (!isShared) book.note(noted);
        return (answer: string) =>
          stepLog.add({ ...noted, key: randomUUID(), serviceCode: request.serviceCode, input: request.text, answer });
      };
      if (heldUntil !== undefined) {
        // Refused here: this phone was over its limit when last counted, and its wait has not ended.
        const answer = rateLimitedScreen(minutesUntil(heldUntil, at));
        noteStep(steps.length, false)(answer);
        return answer;
      }
      // On PostgreSQL, one step of a phone at a time on this instance, so each counts the one before.
      const release = isShared ? await turns.take(caller) : () => undefined;
      try {
        // Only this process opens the embedded database: what it remembers is the whole truth.
        const context = isShared
          ? await sharedContext(request.sessionId, caller, at)
          : book.context(request.sessionId, caller, at);
        const known = context.session;
        // A session idle past the limit, or one whose id comes back from another phone, starts over:
        // what was typed before is not read again.
        const isIdle = known !== undefined && at.getTime() - Date.parse(known.lastStepAt) > sessionIdleMs;
        const startsOver = known !== undefined && (isIdle || known.phone !== request.phoneNumber);
        const stepOffset = startsOver ? steps.length : Math.min(known?.stepOffset ?? 0, steps.length);
        if (limit.max > 0 && context.hits >= limit.max) {
          const end = Date.parse(context.oldestAt ?? at.toISOString()) + limit.windowMs;
          held.hold(caller, end, at);
          const answer = rateLimitedScreen(minutesUntil(end, at));
          noteStep(stepOffset, false)(answer);
          return answer;
        }
        const logStep = noteStep(stepOffset, true);
        const route: UssdRoute =
          startsOver && isIdle ? { kind: 'menu', note: 'timed-out' } : routeUssd(steps.slice(stepOffset).join('*'));
        const who = { phone, rawPhone: request.phoneNumber, sessionId: request.sessionId };
        const facts =
          route.kind === 'report'
            ? await db.transaction((tx) => factsFor(tx, route, who, at))
            : await factsFor(db, route, who, at);
        const answer = ussdScreen(route, facts, at.toISOString().slice(0, 10));
        // Logged once the caller has the screen: the gateway sends the session's next step only
        // after the caller has read it and typed an answer.
        logStep(answer);
        return answer;
      } finally {
        release();
      }
    },
    /** Resolves once every step answered so far is logged. */
    logged: () => stepLog.written(),
  };
}

/** One step of a caller at a time: `take` waits for the caller's turn and answers how to give it back. */
function callerTurns() {
  const current = new Map<string, Promise<void>>();
  return {
    async take(caller: string): Promise<() => void> {
      for (let turn = current.get(caller); turn; turn = current.get(caller)) await turn;
      let release = () => undefined as void;
      current.set(
        caller,
        new Promise<void>((resolve) => {
          release = () => {
            current.delete(caller);
            resolve();
          };
        }),
      );
      return release;
    },
  };
}

/** Whole minutes until `end`, at least one. */
const minutesUntil = (end: number, at: Date) => Math.max(1, Math.ceil((end - at.getTime()) / 60_000));
