/**
 * One step of a USSD session: the caller's rate limit, the session (started over when idle
 * past the limit, as gateways end theirs), the facts the screen needs, a report stored as an
 * integrity alert, and the step in the log — then the screen. The menu itself is pure
 * (#domain/ussd/ussd-menu); this module only fetches and stores.
 */
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
import { afterAnswer } from '../plugins/after-answer';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { plateRepository } from '../repositories/plate-repository';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { settingsRepository } from '../repositories/settings-repository';
import { ussdRepository } from '../repositories/ussd-repository';
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

export function ussdService({ db, log, now, sessionIdleMs, limit }: UssdServiceOptions) {
  const sessions = ussdRepository(db);
  return {
    /**
     * The screen for one step of a session, "CON …" or "END …". Not one transaction: a
     * gateway sends a session's next step only after this one's answer, and a report, the one
     * step that writes more than the log, is its own. On the way to the answer only reads (the
     * phone's count is one write); the log comes after (docs/decisions/065-ussd-and-sms-checks.md).
     */
    async answer(request: UssdStepRequest): Promise<string> {
      const at = now();
      const phone = normalisePhone(request.phoneNumber);
      const steps = request.text === '' ? [] : request.text.split('*');
      // Two reads that do not wait on each other (on PostgreSQL they overlap, each on its own connection).
      const [limited, known] = await Promise.all([
        overPhoneLimit(db, `ussd:${phone ?? request.phoneNumber}`, limit),
        sessions.find(request.sessionId),
      ]);
      // A session idle past the limit, or one whose id comes back from another phone, starts over:
      // what was typed before is not read again.
      const isIdle = known !== undefined && at.getTime() - Date.parse(known.lastStepAt) > sessionIdleMs;
      const startsOver = known !== undefined && (isIdle || known.phone !== request.phoneNumber);
      const stepOffset = startsOver ? steps.length : Math.min(known?.stepOffset ?? 0, steps.length);
      let answer: string;
      if (limited) {
        answer = rateLimitedScreen(limited.minutes);
      } else {
        const route: UssdRoute =
          startsOver && isIdle ? { kind: 'menu', note: 'timed-out' } : routeUssd(steps.slice(stepOffset).join('*'));
        const caller = { phone, rawPhone: request.phoneNumber, sessionId: request.sessionId };
        const facts =
          route.kind === 'report'
            ? await db.transaction((tx) => factsFor(tx, route, caller, at))
            : await factsFor(db, route, caller, at);
        answer = ussdScreen(route, facts, at.toISOString().slice(0, 10));
      }
      // The step is logged once the caller has the screen: the gateway sends the session's next
      // step only after the caller has read it and typed an answer.
      afterAnswer(log, 'logging a USSD step', () =>
        sessions.record(
          { sessionId: request.sessionId, phone: request.phoneNumber, serviceCode: request.serviceCode, stepOffset },
          { input: request.text, answer },
          at,
          startsOver || known === undefined,
        ),
      );
      return answer;
    },
  };
}
