/**
 * The registry's signing keys as an administrator manages them on the QR System page:
 * the keys with how many plates each has signed; rotating (a new key signs from now on,
 * the old one retires); and revoking a key that must no longer be trusted (lost or leaked;
 * revoking the active key rotates first). Either starts a re-issue run: every plate the old
 * key signed gets a credential from the active key, in the background, with its progress
 * here (src/server/jobs/credential-reissue.ts). Each change is audited. A key given to this
 * server in its settings is the operators' to change, not this page's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type KeySource, rotateKey, type SwitchableSigner } from '../credentials/key-store';
import type { Database } from '../db/database';
import { type ReissueRunner, startReissue } from '../jobs/credential-reissue';
import { credentialReissueRepository, type ReissueRun } from '../repositories/credential-reissue-repository';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

export const KEY_SET_BY_OPERATORS =
  'This server’s signing key is set in its configuration by its operators, so keys cannot be rotated from here.';
export const KEY_ALREADY_REVOKED = 'That key is already revoked.';
export const NO_SUCH_KEY = 'There is no signing key with that number.';

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
  const canRotate = source.signingKey === undefined;

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

  /** A new active key; this server signs with it at once, another instance from its next signing (the signer catches up). */
  const rotate = async (adminId: string, ip: string) => {
    const previous = await keys.active();
    const next = await rotateKey(db, source);
    signer?.switchTo(next);
    await auditRepository(db).record({
      actorId: adminId,
      action: 'key.rotate',
      target: String(next.keyId),
      detail: { previous: previous?.keyId ?? null },
      ip,
    });
    return { previous, next: next.keyId };
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
      if (!canRotate) return reply.code(409).send(errorBody(409, KEY_SET_BY_OPERATORS));
      const admin = request.user as User;
      const { previous } = await rotate(admin.id, request.ip);
      // The retired key's plates get credentials from the new key, in the background.
      if (previous) {
        const run = await db.transaction((tx) =>
          startReissue(tx, { keyId: previous.keyId, reason: 'retired', startedBy: admin.id }),
        );
        await auditRepository(db).record({
          actorId: admin.id,
          action: 'key.reissue-started',
          target: String(previous.keyId),
          detail: { run: run.id, plates: run.total, reason: 'retired' },
          ip: request.ip,
        });
        reissue.kick();
      }
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
      const admin = request.user as User;
      const key = await keys.find(request.params.keyId);
      if (!key) return reply.code(404).send(errorBody(404, NO_SUCH_KEY));
      if (key.status === 'revoked') return reply.code(409).send(errorBody(409, KEY_ALREADY_REVOKED));
      if (key.status === 'active') {
        if (!canRotate) return reply.code(409).send(errorBody(409, KEY_SET_BY_OPERATORS));
        await rotate(admin.id, request.ip);
      }
      const plates = (await keys.signedCounts()).get(key.keyId) ?? 0;
      // Revoked and the run recorded together: a restart in between cannot leave the key's plates unrecorded.
      const run = await db.transaction(async (tx) => {
        await signingKeyRepository(tx).setStatus(key.keyId, 'revoked');
        return startReissue(tx, { keyId: key.keyId, reason: 'revoked', startedBy: admin.id });
      });
      await auditRepository(db).record({
        actorId: admin.id,
        action: 'key.revoke',
        target: String(key.keyId),
        detail: { platesSigned: plates, reissueRun: run.id, reissuePlates: run.total },
        ip: request.ip,
      });
      reissue.kick();
      return list();
    },
  );
};
