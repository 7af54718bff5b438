/**
 * The registry's signing keys as an administrator manages them on the QR System page:
 * the keys with how many plates each has signed; rotating (a new key signs from now on,
 * the old one retires and keeps verifying what it signed); and revoking a key that must no
 * longer be trusted (lost or leaked: what it signed reads Not authentic once devices sync;
 * revoking the active key rotates first). Each change is audited. A key given to this
 * server in its settings is the operators' to change, not this page's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type KeySource, rotateKey, type SwitchableSigner } from '../credentials/key-store';
import type { Database } from '../db/database';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { signingKeyRepository } from '../repositories/signing-key-repository';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

export const KEY_SET_BY_OPERATORS = 'This server’s signing key is set in its configuration by its operators, so keys cannot be rotated from here.';
export const KEY_ALREADY_REVOKED = 'That key is already revoked.';
export const NO_SUCH_KEY = 'There is no signing key with that number.';

const keySchema = z.object({
  keyId: z.number().int(),
  status: z.enum(['active', 'retired', 'revoked']),
  createdAt: z.string(),
  statusChangedAt: z.string(),
  platesSigned: z.number().int().describe('Registered plates whose credential this key signed'),
});
const keysResponse = z.object({ keys: z.array(keySchema), canRotate: z.boolean() });
const keyParams = z.object({ keyId: z.coerce.number({ error: 'The key number must be a whole number' }).int('The key number must be a whole number').min(1).max(65_535) });

export const keyRoutes: FastifyPluginAsyncZod<{ db: Database; source: KeySource; signer: SwitchableSigner | null }> = async (app, { db, source, signer }) => {
  const keys = signingKeyRepository(db);
  const canRotate = source.signingKey === undefined;

  const list = async () => {
    const counts = await keys.signedCounts();
    return { keys: (await keys.all()).map(({ publicKey: _public, ...key }) => ({ ...key, platesSigned: counts.get(key.keyId) ?? 0 })), canRotate };
  };

  /** A new active key; this server signs with it at once, another instance from its next signing (the signer catches up). */
  const rotate = async (adminId: string, ip: string) => {
    const previous = await keys.active();
    const next = await rotateKey(db, source);
    signer?.switchTo(next);
    await auditRepository(db).record({ actorId: adminId, action: 'key.rotate', target: String(next.keyId), detail: { previous: previous?.keyId ?? null }, ip });
    return next.keyId;
  };

  app.get(
    '/api/admin/keys',
    { config: { access: 'registry:manage' }, schema: { tags: ['registry'], summary: 'The signing keys, with how many plates each signed', response: { 200: keysResponse } } },
    async () => list(),
  );

  app.post(
    '/api/admin/keys/rotate',
    {
      config: { access: 'registry:manage' },
      schema: { tags: ['registry'], summary: 'Makes a new active signing key; the previous one retires and keeps verifying', response: { 200: keysResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      if (!canRotate) return reply.code(409).send(errorBody(409, KEY_SET_BY_OPERATORS));
      await rotate((request.user as User).id, request.ip);
      return list();
    },
  );

  app.post(
    '/api/admin/keys/:keyId/revoke',
    {
      config: { access: 'registry:manage' },
      schema: {
        tags: ['registry'],
        summary: 'Revokes a key: what it signed reads Not authentic once devices sync; the active key is rotated first',
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
      await keys.setStatus(key.keyId, 'revoked');
      const plates = (await keys.signedCounts()).get(key.keyId) ?? 0;
      await auditRepository(db).record({ actorId: admin.id, action: 'key.revoke', target: String(key.keyId), detail: { platesSigned: plates }, ip: request.ip });
      return list();
    },
  );
};
