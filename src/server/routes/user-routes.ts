/**
 * Reads of accounts for the device to keep (the administrator's user list, a
 * user's notifications) and the one account change that never waits in an outbox:
 * a password change, which must not rest on a device.
 */
import { passwordChangeSchema } from '#domain/accounts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from '../auth/password-strength';
import type { Database } from '../db/database';
import { SESSION_COOKIE } from '../plugins/auth';
import { readCookie } from '../plugins/cookies';
import { accountRouteLimit } from '../plugins/auth-rate-limit';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { notificationRepository } from '../repositories/notification-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { errorResponse, userSchema } from './schemas';

const PASSWORD_CHANGE_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

export const userRoutes: FastifyPluginAsyncZod<{ db: Database; perMinute: number }> = async (app, { db, perMinute }) => {
  const users = userRepository(db);
  const notifications = notificationRepository(db);

  app.get(
    '/api/admin/users',
    {
      config: { access: 'users:manage' },
      schema: { tags: ['accounts'], summary: 'Every account, for the administrator', response: { 200: z.object({ users: z.array(userSchema) }) } },
    },
    async () => ({ users: await users.list() }),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['accounts'], summary: "The signed-in user's recent notifications", response: { 200: z.object({ notifications: z.array(notificationSchema) }) } },
    },
    async (request) => ({ notifications: await notifications.recentFor((request.user as User).id) }),
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'signed-in', ...accountRouteLimit(perMinute) },
      schema: {
        tags: ['accounts'],
        summary: 'Change the signed-in user’s password; other sessions end',
        body: passwordChangeSchema,
        response: { 204: z.null(), 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const me = request.user as User;
      // A guessable new password is refused before the current one is checked (and counted).
      if (isTooEasyToGuess(request.body.newPassword)) return reply.code(400).send(errorBody(400, PASSWORD_TOO_EASY, { newPassword: PASSWORD_TOO_EASY }));
      const throttleKey = `password:${me.id}`;
      const throttle = throttleRepository(db);
      // Counted before the verdict, like sign-in: wrong passwords sent at once cannot all be checked.
      const lockedFor = await throttle.attempt(throttleKey, PASSWORD_CHANGE_POLICY);
      if (lockedFor > 0) {
        const minutes = Math.ceil(lockedFor / 60);
        return reply.code(429).header('retry-after', String(lockedFor)).send(errorBody(429, `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
      }
      const { currentPassword, newPassword } = request.body;
      if (!(await verifyPassword(currentPassword, (await users.passwordHashOf(me.id)) ?? ''))) {
        await auditRepository(db).record({ actorId: me.id, action: 'password.change', target: me.id, outcome: 'failure', ip: request.ip });
        return reply.code(400).send(errorBody(400, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }));
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await userRepository(tx).setPassword(me.id, passwordHash);
        await sessionRepository(tx).deleteForUser(me.id, readCookie(request.headers.cookie, SESSION_COOKIE));
        await auditRepository(tx).record({ actorId: me.id, action: 'password.change', target: me.id, ip: request.ip });
      });
      await throttle.clear(throttleKey);
      return reply.code(204).send(null);
    },
  );
};
