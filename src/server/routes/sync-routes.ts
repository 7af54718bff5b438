/**
 * Push: a device sends its outbox, in order, as named intents with ids it made. The route
 * checks the envelope and that a signed-out device sends only public changes; the push
 * engine (src/server/sync/push-engine.ts) applies each change at most once and answers it.
 * Pull (below): a page of the change log for the signed-in user.
 */
import { formatCursor, parseCursor, scopeKey, scopesFor } from '#domain/sync/scopes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { errorBody } from '../plugins/error-handler';
import { type ChangePage, changeLogRepository } from '../repositories/change-log-repository';
import type { Signer } from '../credentials/key-store';
import { withCurrentCredentials } from '../jobs/credential-reissue';
import type { User } from '../repositories/user-repository';
import { intentNamed } from '../sync/intent-registry';
import { applyPush } from '../sync/push-engine';
import { errorResponse } from './schemas';

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

export const syncRoutes: FastifyPluginAsyncZod<{ db: Database; signer: Signer | null; now: () => Date }> = async (
  app,
  { db, signer, now },
) => {
  app.post(
    '/api/sync/push',
    {
      // Each intent declares its own access, checked by the push engine; contact messages come from visitors.
      // Control characters in a change refuse that change alone (src/server/sync/intent-registry.ts).
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
      const results = await applyPush(
        { db, intentNamed, user, ip: request.ip, log: request.log, signer, now },
        clientId,
        mutations,
      );
      return { results };
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
