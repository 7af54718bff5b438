/**
 * The registry's signing keys as an administrator manages them on the QR System page:
 * the keys with how many plates each has signed; rotating (a new key signs from now on,
 * the old one retires); and revoking a key that must no longer be trusted (lost or leaked;
 * revoking the active key rotates first). Either starts a re-issue run: every plate the old
 * key signed gets a credential from the active key, in the background, with its progress
 * here (src/server/jobs/credential-reissue.ts). Each change is audited. A key given to this
 * server in its settings is the operators' to change, not this page's. The changes
 * themselves are src/server/credentials/key-management.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyManagement } from '../credentials/key-management';
import type { KeySource, SwitchableSigner } from '../credentials/key-store';
import type { Database } from '../db/database';
import type { ReissueRunner } from '../jobs/credential-reissue';
import { credentialReissueRepository, type ReissueRun } from '../repositories/credential-reissue-repository';
import { errorBody } from '../plugins/error-handler';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

const keySchema = z.object({
  keyId: z.number().int(),
  status: z.enum(['active', 'retired', 'revoked']),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  platesSigned: z.number().int().describe('Registered plates whose credential this key signed'),
});
const runSchema = z.object({
  id: z.number().int(),
  keyId: z.number().int().describe('The key whose revocation or retirement started the run'),
  reason: z.enum(['revoked', 'retired']),
  state: z.enum(['running', 'finished', 'superseded']),
  total: z.number().int(),
  done: z.number().int(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
const keysResponse = z.object({
  keys: z.array(keySchema),
  canRotate: z.boolean(),
  reissue: runSchema.nullable().describe('The latest re-issue run, or null when there has been none'),
});

const runView = (run: ReissueRun | undefined): z.infer<typeof runSchema> | null =>
  run
    ? {
        id: run.id,
        keyId: run.keyId,
        reason: run.reason,
        state: run.state,
        total: run.total,
        done: run.done,
        startedAt: run.startedAt,
        updatedAt: run.updatedAt,
        finishedAt: run.finishedAt,
      }
    : null;
const keyParams = z.object({
  keyId: z.coerce
    .number({ error: 'The key number must be a whole number' })
    .int('The key number must be a whole number')
    .min(1)
    .max(65_535),
});

export const keyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  source: KeySource;
  signer: SwitchableSigner | null;
  reissue: ReissueRunner;
}> = async (app, { db, source, signer, reissue }) => {
  const keys = signingKeyRepository(db);
  const management = keyManagement({ db, source, signer, reissue });
  const { canRotate } = management;

  const list = async () => {
    const counts = await keys.signedCounts();
    const run = await credentialReissueRepository(db).latest();
    return {
      keys: (await keys.all()).map(({ publicKey: _public, ...key }) => ({
        ...key,
        platesSigned: counts.get(key.keyId) ?? 0,
      })),
      canRotate,
      reissue: runView(run),
    };
  };

  app.get(
    '/api/admin/keys',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['registry'],
        summary: 'The signing keys, with how many plates each signed',
        response: { 200: keysResponse },
      },
    },
    async () => list(),
  );

  app.get(
    '/api/admin/keys/reissue',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['registry'],
        summary: 'The latest credential re-issue run: plates done of the total, started, finished',
        response: { 200: z.object({ reissue: runSchema.nullable() }) },
      },
    },
    async () => ({ reissue: runView(await credentialReissueRepository(db).latest()) }),
  );

  app.post(
    '/api/admin/keys/rotate',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['registry'],
        summary:
          'Makes a new active signing key; the previous one retires, and its plates are re-issued under the new key in the background',
        response: { 200: keysResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await management.rotate((request.user as User).id, request.ip);
      if (!outcome.ok) return reply.code(409).send(errorBody(409, outcome.message));
      return list();
    },
  );

  app.post(
    '/api/admin/keys/:keyId/revoke',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['registry'],
        summary:
          'Revokes a key (the active key is rotated first); its plates are re-issued under the active key in the background',
        params: keyParams,
        response: { 200: keysResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await management.revoke((request.user as User).id, request.ip, request.params.keyId);
      if (!outcome.ok) {
        const status = outcome.reason === 'no-such-key' ? 404 : 409;
        return reply.code(status).send(errorBody(status, outcome.message));
      }
      return list();
    },
  );
};
