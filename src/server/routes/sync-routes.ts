/**
 * Push: a device sends its outbox, in order, as named intents with ids it made.
 * Each is applied at most once (applied_mutations remembers the answer, so a
 * replayed push changes nothing and gets the same answer), in its own savepoint of
 * the push's transaction, authorised for the signed-in user. A refused change gets a rejection with a
 * reason and does not stop the changes behind it.
 */
import { can } from '#domain/accounts/permissions';
import { formatCursor, parseCursor, scopeKey, scopesFor } from '#domain/sync/scopes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database';
import { errorBody } from '../plugins/error-handler';
import { type ChangePage, changeLogRepository } from '../repositories/change-log-repository';
import type { Signer } from '../credentials/key-store';
import { withCurrentCredentials } from '../jobs/credential-reissue';
import type { User } from '../repositories/user-repository';
import { type Intent, type IntentContext, type IntentData, Refusal } from '../sync/intent';
import { intentNamed } from '../sync/intents';
import { errorResponse } from './schemas';
import { appliedMutationRepository } from '../repositories/applied-mutation-repository';
import { raiseIntegrityAlert } from '../integrity/integrity-alerts';

export const MAX_MUTATIONS_PER_PUSH = 50;

/** The envelope's own text: the JSON parser leaves a push's control characters to the route (see below). */
const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

const mutationSchema = z.object({
  id: z.uuid({ message: 'Each mutation id must be a UUID' }),
  intent: z
    .string({ error: 'Each mutation needs an intent' })
    .min(1, 'Each mutation needs an intent')
    .max(64, 'An intent name is at most 64 characters')
    .regex(NO_CONTROL_CHARACTERS, 'An intent name must not contain control characters'),
  payload: z.unknown(),
});
type Mutation = z.infer<typeof mutationSchema>;

const pushBody = z.object({
  clientId: z
    .string({ error: 'clientId is required' })
    .min(1, 'clientId is required')
    .max(64, 'clientId must be at most 64 characters')
    .regex(NO_CONTROL_CHARACTERS, 'clientId must not contain control characters'),
  mutations: z
    .array(mutationSchema, { error: 'mutations must be a list' })
    .min(1, 'Send at least one mutation')
    .max(MAX_MUTATIONS_PER_PUSH, `Send at most ${MAX_MUTATIONS_PER_PUSH} mutations at a time`),
});

const answerSchema = z.object({
  id: z.string(),
  outcome: z.enum(['applied', 'rejected']),
  status: z.number().optional(),
  message: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
type Answer = z.infer<typeof answerSchema>;

function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'payload';
    fields[field] ??= issue.message;
  }
  return fields;
}

/** A mutation's answer, to be remembered with who sent it. */
interface Remembered {
  answer: Answer;
  intent: string;
}

export const UNSTORABLE_CHANGE =
  'This change holds a value the server cannot store (a date or a number out of range). Correct it and send it again.';

/** Said of a change whose applying failed on the server: it alone is refused, and kept on the device. */
export const CHANGE_FAILED =
  'The server could not apply this change (the fault is logged). It is kept here: correct it and send it again, or discard it.';

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

/** How often a push is tried again after losing a race to a copy of itself. */
const PUSH_ATTEMPTS = 3;

export const syncRoutes: FastifyPluginAsyncZod<{ db: Database; signer: Signer | null; now: () => Date }> = async (
  app,
  { db, signer, now },
) => {
  app.post(
    '/api/sync/push',
    {
      // Each intent declares its own access, checked below; contact messages come from visitors.
      // Control characters in a change refuse that change alone (src/server/sync/intents.ts).
      config: { access: 'public', checksTextPerChange: true },
      schema: {
        tags: ['sync'],
        summary: 'Apply changes made on a device, each at most once',
        body: pushBody,
        response: { 200: z.object({ results: z.array(answerSchema) }), 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { clientId, mutations } = request.body;
      const user = request.user;
      if (
        !user &&
        mutations.some(
          (mutation) => intentNamed(mutation.intent)?.access !== 'public' && intentNamed(mutation.intent) !== undefined,
        )
      ) {
        // Nothing is applied: the device signs in again and pushes the same changes.
        return reply.code(401).send(errorBody(401, 'Please sign in to continue.'));
      }
      // Slow work that needs no database is done first, outside the transaction.
      const prepared = new Map<string, unknown>();
      for (const mutation of mutations) {
        const intent = intentNamed(mutation.intent);
        if (!intent?.prepare || !mayUse(intent)) continue;
        const parsed = intent.payload.safeParse(mutation.payload);
        if (parsed.success) prepared.set(mutation.id, await intent.prepare(parsed.data));
      }
      // One transaction for the push, and the push commits once with every answer
      // remembered. A refused mutation must be undone alone: the first try runs the
      // changes straight (one statement each); if any is refused, that try is undone
      // whole and the push runs again with a savepoint per change (`careful`).
      const push = (careful: boolean) =>
        db.transaction(async (tx) => {
          const prior = await appliedMutationRepository(tx).answersFor<Answer>(
            mutations.map((mutation) => mutation.id),
          );
          const answers: Answer[] = [];
          const answered = new Map<string, Answer>();
          const remembered: Remembered[] = [];
          for (let index = 0; index < mutations.length; index += 1) {
            const mutation = mutations[index] as (typeof mutations)[number];
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
          return { results: await push(careful) };
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
        return { tx, user, ip: request.ip, log: request.log, signer, now };
      }

      function rejection(mutation: Mutation, status: number, message: string, fields?: Record<string, string>): Answer {
        request.log.info(
          { mutationId: mutation.id, intent: mutation.intent, status, reason: message },
          'mutation rejected',
        );
        return { id: mutation.id, outcome: 'rejected', status, message, ...(fields ? { fields } : {}) };
      }

      function mayUse(intent: Intent): boolean {
        return (
          intent.access === 'public' ||
          intent.access === 'signed-in' ||
          (user !== null && can(user.roles, intent.access))
        );
      }

      /**
       * The changes from `start` on that can go together: of one intent that applies
       * many, allowed, valid, and neither answered before nor repeated in the run.
       */
      function runFrom(
        start: number,
        prior: ReadonlyMap<string, unknown>,
        answered: ReadonlyMap<string, Answer>,
      ): Array<{ mutation: Mutation; payload: unknown }> {
        const first = mutations[start] as Mutation;
        const intent = intentNamed(first.intent);
        if (!intent?.applyMany || !mayUse(intent)) return [];
        const run: Array<{ mutation: Mutation; payload: unknown }> = [];
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

      async function applyRun(tx: Queryable, run: Array<{ mutation: Mutation; payload: unknown }>): Promise<Answer[]> {
        const intent = intentNamed((run[0] as { mutation: Mutation }).mutation.intent) as Intent &
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

      async function applyOne(tx: Queryable, mutation: Mutation, careful: boolean): Promise<Answer> {
        const reject = (status: number, message: string, fields?: Record<string, string>) =>
          rejection(mutation, status, message, fields);
        const intent = intentNamed(mutation.intent);
        if (!intent)
          return reject(
            400,
            `This server does not know the change '${mutation.intent}'. Update the app and try again.`,
          );
        if (!mayUse(intent)) return reject(403, 'You do not have permission to do this.');
        const parsed = intent.payload.safeParse(mutation.payload);
        if (!parsed.success) {
          const fields = fieldMessages(parsed.error);
          return reject(400, Object.values(fields)[0] ?? 'The change is not valid.', fields);
        }
        // On the first try a refusal undoes the whole try (see above); on the careful one, only this change.
        if (careful) await tx.query('SAVEPOINT mutation');
        try {
          const data: IntentData | undefined = await intent.apply(
            contextOf(tx),
            parsed.data,
            prepared.get(mutation.id),
          );
          // The savepoint is not released: the next mutation's, of the same name, nests
          // on it, a round trip saved per change (a push holds at most 50).
          return { id: mutation.id, outcome: 'applied', ...(data ? { data } : {}) };
        } catch (error) {
          if (!careful) throw error instanceof Refusal ? new RefusedOnFirstTry() : error;
          await tx.query('ROLLBACK TO SAVEPOINT mutation');
          if (error instanceof Refusal) {
            // The insider's attempt is undone; the alert about it is kept.
            if (error.alert) await raiseIntegrityAlert(tx, error.alert, now());
            return reject(error.status, error.message, error.fields);
          }
          // One change the database cannot store is refused alone, so it cannot stall the
          // changes sent after it (the device shows it under Needs attention).
          if (isDataError(error)) {
            request.log.warn(
              { mutationId: mutation.id, intent: mutation.intent, code: (error as { code?: string }).code },
              'mutation refused by the database',
            );
            return reject(422, UNSTORABLE_CHANGE);
          }
          // Any other fault in one change's handler refuses that change alone: the push is not
          // a 500 that a device would retry for ever with the changes behind it stalled. The
          // savepoint was restored, so the transaction is usable; if it were not, the next
          // statement fails and the push is retried as a whole.
          request.log.error({ err: error, mutationId: mutation.id, intent: mutation.intent }, 'mutation failed');
          return reject(422, CHANGE_FAILED);
        }
      }
    },
  );
};

export const PULL_PAGE_LIMIT = 2500;

const pullQuery = z.object({
  cursor: z.string().max(64, 'cursor is not one this server gave').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PULL_PAGE_LIMIT, `limit must be at most ${PULL_PAGE_LIMIT}`)
    .default(500),
});

const changeSchema = z.object({
  entity: z.string(),
  id: z.string(),
  op: z.enum(['put', 'delete']),
  data: z.record(z.string(), z.unknown()).nullable(),
});
const pullAnswer = z.object({
  changes: z.array(changeSchema),
  cursor: z.string(),
  hasMore: z.boolean(),
  remaining: z.number(),
  reset: z.boolean(),
  scopes: z.array(z.string()),
});

/**
 * A pull's answer as text: the page's changes arrive as JSON written by the database, and
 * the answer is written around them (the document the response schema describes).
 */
export function pullAnswerText(
  page: ChangePage,
  envelope: { cursor: string; reset: boolean; scopes: readonly string[] },
): string {
  const rest = JSON.stringify({
    cursor: envelope.cursor,
    hasMore: page.hasMore,
    remaining: page.remaining,
    reset: envelope.reset,
    scopes: envelope.scopes,
  });
  return `{"changes":${page.changesJson},${rest.slice(1)}`;
}

/**
 * Pull: the changes the signed-in user's roles let them see, after their cursor.
 * A cursor issued for another set of scopes (a role gained or lost) starts over
 * with `reset: true`, and the device replaces what it kept.
 */
export const pullRoutes: FastifyPluginAsyncZod<{ db: Database; signer?: Signer | null }> = async (
  app,
  { db, signer = null },
) => {
  app.get(
    '/api/sync/pull',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['sync'],
        summary: 'Changes for this user since a cursor',
        querystring: pullQuery,
        response: {
          200: pullAnswer,
          400: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = request.user as User;
      const scopes = scopesFor(user.id, user.roles);
      const key = scopeKey(scopes);
      const given = request.query.cursor ? parseCursor(request.query.cursor) : null;
      if (request.query.cursor && !given)
        return reply.code(400).send(errorBody(400, 'cursor is not one this server gave'));
      const reset = !given || given.scopeKey !== key;
      const after = reset || !given ? { txid: '0', seq: '0' } : given;
      const logged = await changeLogRepository(db).page(scopes, after, request.query.limit);
      // Never a credential signed by a revoked key, even from an older entry of the log.
      const page = { ...logged, changesJson: await withCurrentCredentials(db, signer, logged.changesJson) };
      const text = pullAnswerText(page, { cursor: formatCursor({ scopeKey: key, ...page.next }), reset, scopes });
      // Fastify sends a string of a JSON type as it is; the type provider only knows the parsed shape.
      return reply.type('application/json; charset=utf-8').send(text as unknown as z.infer<typeof pullAnswer>);
    },
  );
};
