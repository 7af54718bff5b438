/**
 * The push engine: a device's outbox, in order, as named intents with ids it made, applied
 * for the signed-in user. Each change is applied at most once (applied_mutations remembers the
 * answer, so a replayed push changes nothing and gets the same answer), in its own savepoint
 * of the push's transaction when one of them is refused. A refused change gets a rejection
 * with a reason and does not stop the changes behind it. The route (src/server/routes/sync-routes.ts)
 * checks the envelope and the sign-in; every statement is in the applied-mutation repository.
 */
import { can } from '#domain/accounts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Signer } from '../credentials/key-store';
import type { Database, Queryable } from '../db/database';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';
import { appliedMutationRepository } from '../repositories/applied-mutation-repository';
import type { User } from '../repositories/user-repository';
import { type Intent, type IntentContext, type IntentData, Refusal } from './intent';

/** One change a device pushes: the id it made, the intent's name, and the payload the intent checks. */
export interface PushedChange {
  id: string;
  intent: string;
  payload: unknown;
}

/** What the device is told of one change, and what a replay of it is told again. */
export interface PushAnswer {
  id: string;
  outcome: 'applied' | 'rejected';
  status?: number;
  message?: string;
  fields?: Record<string, string>;
  data?: IntentData;
}

/** What a push needs from the request and the server. */
export interface PushDependencies {
  db: Database;
  /** The intent a change names; undefined for a name this server does not know. */
  intentNamed: (name: string) => Intent | undefined;
  /** The signed-in user, or null: then only changes of 'public' intents are allowed. */
  user: User | null;
  ip: string;
  log: FastifyBaseLogger;
  signer: Signer | null;
  now: () => Date;
}

export const UNSTORABLE_CHANGE =
  'This change holds a value the server cannot store (a date or a number out of range). Correct it and send it again.';

/** Said of a change whose applying failed on the server: it alone is refused, and kept on the device. */
export const CHANGE_FAILED =
  'The server could not apply this change (the fault is logged). It is kept here: correct it and send it again, or discard it.';

/** How often a push is tried again after losing a race to a copy of itself. */
const PUSH_ATTEMPTS = 3;

/** Whether this user (null: signed out) may send changes of this intent. */
export function mayUse(intent: Intent, user: User | null): boolean {
  return (
    intent.access === 'public' || intent.access === 'signed-in' || (user !== null && can(user.roles, intent.access))
  );
}

function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'payload';
    fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * A PostgreSQL error about the data of one statement (class 22, data exception: a date
 * or number out of range, a bad text value; class 23, a constraint): the change's own
 * fault, unlike a lost connection, which the device should simply retry.
 */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/** Thrown inside a push's transaction when another push answered one of its mutations first. */
class AnsweredMeanwhile extends Error {
  constructor() {
    super('a mutation of this push was answered by a concurrent push');
  }
}

/** Thrown on a push's first, straight try when a change is refused: the push runs again with savepoints. */
class RefusedOnFirstTry extends Error {
  constructor() {
    super('a mutation was refused on the first try');
  }
}

/** A mutation's answer, to be remembered with who sent it. */
interface Remembered {
  answer: PushAnswer;
  intent: string;
}

/**
 * Records the answers of a push in one statement. If any id was answered meanwhile
 * by a concurrent push of the same change, the whole push is undone and tried again:
 * it then finds that answer and gives it.
 */
async function rememberAll(
  tx: Queryable,
  clientId: string,
  userId: string | null,
  remembered: readonly Remembered[],
): Promise<void> {
  const answers = remembered.map((item) => ({
    id: item.answer.id,
    intent: item.intent,
    outcome: item.answer.outcome,
    answer: item.answer,
  }));
  if ((await appliedMutationRepository(tx).rememberAll(clientId, userId, answers)) < remembered.length)
    throw new AnsweredMeanwhile();
}

/**
 * Applies a push's changes, in order, each at most once, and answers each: applied (with the
 * data its intent hands back) or rejected with a status and a reason. Throws only for a fault
 * of the push as a whole (the database lost, say), which the device retries.
 */
export async function applyPush(
  dependencies: PushDependencies,
  clientId: string,
  mutations: readonly PushedChange[],
): Promise<PushAnswer[]> {
  const { db, intentNamed, user, ip, log, signer, now } = dependencies;

  // Slow work that needs no database is done first, outside the transaction.
  const prepared = new Map<string, unknown>();
  for (const mutation of mutations) {
    const intent = intentNamed(mutation.intent);
    if (!intent?.prepare || !mayUse(intent, user)) continue;
    const parsed = intent.payload.safeParse(mutation.payload);
    if (parsed.success) prepared.set(mutation.id, await intent.prepare(parsed.data));
  }

  // One transaction for the push, and the push commits once with every answer
  // remembered. A refused mutation must be undone alone: the first try runs the
  // changes straight (one statement each); if any is refused, that try is undone
  // whole and the push runs again with a savepoint per change (`careful`).
  const push = (careful: boolean) =>
    db.transaction(async (tx) => {
      const prior = await appliedMutationRepository(tx).answersFor<PushAnswer>(
        mutations.map((mutation) => mutation.id),
      );
      const answers: PushAnswer[] = [];
      const answered = new Map<string, PushAnswer>();
      const remembered: Remembered[] = [];
      for (let index = 0; index < mutations.length; index += 1) {
        const mutation = mutations[index] as PushedChange;
        const earlier = prior.get(mutation.id);
        if (earlier) {
          // A change first sent signed out (a contact message, say) may be retried after signing in.
          const isSameSender = earlier.user_id === null || earlier.user_id === (user?.id ?? null);
          answers.push(
            isSameSender
              ? earlier.answer
              : {
                  id: mutation.id,
                  outcome: 'rejected',
                  status: 409,
                  message: 'This change was already sent from another account.',
                },
          );
          continue;
        }
        // On the first try, a run of changes of an intent that can apply many goes at once.
        const run = careful ? [] : runFrom(index, prior, answered);
        if (run.length > 1) {
          for (const answer of await applyRun(tx, run)) {
            answered.set(answer.id, answer);
            remembered.push({ answer, intent: mutation.intent });
            answers.push(answer);
          }
          index += run.length - 1;
          continue;
        }
        let answer = answered.get(mutation.id);
        if (!answer) {
          answer = await applyOne(tx, mutation, careful);
          answered.set(mutation.id, answer);
          remembered.push({ answer, intent: mutation.intent });
        }
        answers.push(answer);
      }
      await rememberAll(tx, clientId, user?.id ?? null, remembered);
      return answers;
    });

  let careful = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await push(careful);
    } catch (error) {
      // A refusal, a value the database cannot store or a fault in one change's handler is
      // undone alone on the careful try; only a lost race is tried again as it was.
      if (!careful && !(error instanceof AnsweredMeanwhile)) {
        careful = true;
        attempt -= 1;
        continue;
      }
      if (!(error instanceof AnsweredMeanwhile) || attempt >= PUSH_ATTEMPTS) throw error;
    }
  }

  function contextOf(tx: Queryable): IntentContext {
    return { tx, user, ip, log, signer, now };
  }

  function rejection(
    mutation: PushedChange,
    status: number,
    message: string,
    fields?: Record<string, string>,
  ): PushAnswer {
    log.info({ mutationId: mutation.id, intent: mutation.intent, status, reason: message }, 'mutation rejected');
    return { id: mutation.id, outcome: 'rejected', status, message, ...(fields ? { fields } : {}) };
  }

  /**
   * The changes from `start` on that can go together: of one intent that applies
   * many, allowed, valid, and neither answered before nor repeated in the run.
   */
  function runFrom(
    start: number,
    prior: ReadonlyMap<string, unknown>,
    answered: ReadonlyMap<string, PushAnswer>,
  ): Array<{ mutation: PushedChange; payload: unknown }> {
    const first = mutations[start] as PushedChange;
    const intent = intentNamed(first.intent);
    if (!intent?.applyMany || !mayUse(intent, user)) return [];
    const run: Array<{ mutation: PushedChange; payload: unknown }> = [];
    const ids = new Set<string>();
    for (const mutation of mutations.slice(start)) {
      if (
        mutation.intent !== first.intent ||
        prior.has(mutation.id) ||
        answered.has(mutation.id) ||
        ids.has(mutation.id)
      )
        break;
      const parsed = intent.payload.safeParse(mutation.payload);
      if (!parsed.success) break;
      run.push({ mutation, payload: parsed.data });
      ids.add(mutation.id);
    }
    return run;
  }

  async function applyRun(
    tx: Queryable,
    run: Array<{ mutation: PushedChange; payload: unknown }>,
  ): Promise<PushAnswer[]> {
    const intent = intentNamed((run[0] as { mutation: PushedChange }).mutation.intent) as Intent &
      Required<Pick<Intent, 'applyMany'>>;
    const refusals = await intent.applyMany(
      contextOf(tx),
      run.map((item) => item.payload),
    );
    for (const refusal of refusals) if (refusal?.alert) await raiseIntegrityAlert(tx, refusal.alert, now());
    return run.map(({ mutation }, index) => {
      const refusal = refusals[index];
      return refusal
        ? rejection(mutation, refusal.status, refusal.message, refusal.fields)
        : { id: mutation.id, outcome: 'applied' };
    });
  }

  async function applyOne(tx: Queryable, mutation: PushedChange, careful: boolean): Promise<PushAnswer> {
    const reject = (status: number, message: string, fields?: Record<string, string>) =>
      rejection(mutation, status, message, fields);
    const intent = intentNamed(mutation.intent);
    if (!intent)
      return reject(400, `This server does not know the change '${mutation.intent}'. Update the app and try again.`);
    if (!mayUse(intent, user)) return reject(403, 'You do not have permission to do this.');
    const parsed = intent.payload.safeParse(mutation.payload);
    if (!parsed.success) {
      const fields = fieldMessages(parsed.error);
      return reject(400, Object.values(fields)[0] ?? 'The change is not valid.', fields);
    }
    const pushed = appliedMutationRepository(tx);
    // On the first try a refusal undoes the whole try (see above); on the careful one, only this change.
    if (careful) await pushed.markBeforeChange();
    try {
      const data: IntentData | undefined = await intent.apply(contextOf(tx), parsed.data, prepared.get(mutation.id));
      // The savepoint is not released: the next mutation's, of the same name, nests
      // on it, a round trip saved per change (a push holds at most 50).
      return { id: mutation.id, outcome: 'applied', ...(data ? { data } : {}) };
    } catch (error) {
      if (!careful) throw error instanceof Refusal ? new RefusedOnFirstTry() : error;
      await pushed.undoChange();
      if (error instanceof Refusal) {
        // The insider's attempt is undone; the alert about it is kept.
        if (error.alert) await raiseIntegrityAlert(tx, error.alert, now());
        return reject(error.status, error.message, error.fields);
      }
      // One change the database cannot store is refused alone, so it cannot stall the
      // changes sent after it (the device shows it under Needs attention).
      if (isDataError(error)) {
        log.warn(
          { mutationId: mutation.id, intent: mutation.intent, code: (error as { code?: string }).code },
          'mutation refused by the database',
        );
        return reject(422, UNSTORABLE_CHANGE);
      }
      // Any other fault in one change's handler refuses that change alone: the push is not
      // a 500 that a device would retry for ever with the changes behind it stalled. The
      // savepoint was restored, so the transaction is usable; if it were not, the next
      // statement fails and the push is retried as a whole.
      log.error({ err: error, mutationId: mutation.id, intent: mutation.intent }, 'mutation failed');
      return reject(422, CHANGE_FAILED);
    }
  }
}
