/**
 * Reads of accounts for the device to keep (the administrator's user list, a
 * user's notifications, their sessions) and the account changes that never wait in an
 * outbox: a password change, which must not rest on a device, and a change of email or
 * phone. Each change asks for the current password here; the change itself is
 * src/server/accounts/contact-changes.ts.
 */
import {
  contactChangeSchema,
  EMAIL_CHANGE_LINK_UNUSABLE,
  emailChanged,
  emailChangeLinkSchema,
  emailChangeUndone,
  NOTHING_TO_CHANGE,
} from '#domain/accounts/contact-change';
import { contactChangeAnswer, messageAnswer, notificationPreferencesAnswer } from '#domain/api/accounts';
import { notificationPreferencesSchema } from '#domain/notifications/preferences';
import { passwordChangeSchema } from '#domain/accounts/profile';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeNotificationPreferences } from '../accounts/notification-preferences';
import { changeContact, changePassword, confirmEmailChange, undoEmailChange } from '../accounts/contact-changes';
import { checkCurrentPassword, type CurrentPasswordCheck, WRONG_CURRENT_PASSWORD } from '../auth/current-password';
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from '../auth/password-strength';
import type { Database } from '../db/database';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { SESSION_COOKIE } from '../plugins/auth';
import { readCookie } from '../plugins/cookies';
import { accountRouteLimit } from '../plugins/auth-rate-limit';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { notificationRepository } from '../repositories/notification-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { errorResponse, userSchema } from './schemas';

export { WRONG_CURRENT_PASSWORD };
export const SESSION_NOT_FOUND = 'This session has already ended.';

const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

/** The answer to a wrong or locked current password: 400 under its field, or 429 with when to try again. */
function refuseCurrentPassword(reply: FastifyReply, refused: Extract<CurrentPasswordCheck, { ok: false }>) {
  if (refused.retryAfter) reply.header('retry-after', String(refused.retryAfter));
  return reply
    .code(refused.status)
    .send(
      errorBody(
        refused.status,
        refused.message,
        refused.status === 400 ? { currentPassword: refused.message } : undefined,
      ),
    );
}

export const userRoutes: FastifyPluginAsyncZod<{ db: Database; perMinute: number }> = async (
  app,
  { db, perMinute },
) => {
  const users = userRepository(db);
  const notifications = notificationRepository(db);

  app.get(
    '/api/admin/users',
    {
      config: { access: 'users:manage' },
      schema: {
        tags: ['accounts'],
        summary: 'Every account, for the administrator',
        response: { 200: z.object({ users: z.array(userSchema) }) },
      },
    },
    async () => ({ users: await users.list() }),
  );

  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's recent notifications",
        response: { 200: z.object({ notifications: z.array(notificationSchema) }) },
      },
    },
    async (request) => ({ notifications: await notifications.recentFor((request.user as User).id) }),
  );

  app.get(
    '/api/me/notification-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Which topics the signed-in person receives by email and by SMS (security messages always go)',
        response: { 200: notificationPreferencesAnswer },
      },
    },
    async (request) => ({ preferences: await users.notificationPreferences((request.user as User).id) }),
  );

  app.put(
    '/api/me/notification-preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary:
          "Sets which topics the signed-in person receives by email and by SMS; false turns a topic's channel off, a topic left out is received; audited",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesAnswer, 400: errorResponse },
      },
    },
    async (request) => ({
      preferences: await changeNotificationPreferences(db, (request.user as User).id, request.body, { ip: request.ip }),
    }),
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
      if (isTooEasyToGuess(request.body.newPassword))
        return reply.code(400).send(errorBody(400, PASSWORD_TOO_EASY, { newPassword: PASSWORD_TOO_EASY }));
      const { currentPassword, newPassword } = request.body;
      const checked = await checkCurrentPassword(db, me.id, currentPassword, {
        action: 'password.change',
        ip: request.ip,
      });
      if (!checked.ok) {
        return refuseCurrentPassword(reply, checked);
      }
      await changePassword(db, {
        userId: me.id,
        keepSession: readCookie(request.headers.cookie, SESSION_COOKIE),
        newPassword,
        ip: request.ip,
      });
      await checked.done();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/contact',
    {
      config: { access: 'signed-in', ...accountRouteLimit(perMinute) },
      schema: {
        tags: ['accounts'],
        summary:
          'Change the signed-in user’s email or phone, with their current password. A new phone applies at once; a new email only from the link sent to it, the old address told and able to undo it for 7 days',
        body: contactChangeSchema,
        response: { 200: contactChangeAnswer, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const me = request.user as User;
      const { email, phone, currentPassword } = request.body;
      const emailChanges = email.toLowerCase() !== me.email.toLowerCase();
      if (!emailChanges && phone === me.phone) return reply.code(400).send(errorBody(400, NOTHING_TO_CHANGE));
      const checked = await checkCurrentPassword(db, me.id, currentPassword, {
        action: 'profile.contact',
        ip: request.ip,
      });
      if (!checked.ok) return refuseCurrentPassword(reply, checked);
      const messages = await changeContact(db, me, { email, phone, ip: request.ip });
      await checked.done();
      noteMessagesQueued();
      return { message: messages.join(' '), user: (await users.findById(me.id)) ?? me };
    },
  );

  app.post(
    '/api/auth/email-change/confirm',
    {
      config: { access: 'public', ...accountRouteLimit(perMinute) },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an email change with the link sent to the new address',
        body: emailChangeLinkSchema,
        response: { 200: messageAnswer, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await confirmEmailChange(db, { token: request.body.token, ip: request.ip });
      if (!outcome)
        return reply.code(409).send(errorBody(409, EMAIL_CHANGE_LINK_UNUSABLE, { token: EMAIL_CHANGE_LINK_UNUSABLE }));
      return { message: emailChanged(outcome.newEmail) };
    },
  );

  app.post(
    '/api/auth/email-change/undo',
    {
      config: { access: 'public', ...accountRouteLimit(perMinute) },
      schema: {
        tags: ['accounts'],
        summary: 'Undo an email change from the old address, within 7 days: every session of the account ends',
        body: emailChangeLinkSchema,
        response: { 200: messageAnswer, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await undoEmailChange(db, { token: request.body.token, ip: request.ip });
      if (!outcome)
        return reply.code(409).send(errorBody(409, EMAIL_CHANGE_LINK_UNUSABLE, { token: EMAIL_CHANGE_LINK_UNUSABLE }));
      return { message: emailChangeUndone(outcome.oldEmail) };
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's sessions: the device each was started on, when, and when last used",
        response: {
          200: z.object({
            sessions: z.array(
              z.object({
                id: z.string(),
                device: z.string(),
                startedAt: z.string(),
                lastUsedAt: z.string(),
                isCurrent: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({
      sessions: await sessionRepository(db).listForUser(
        (request.user as User).id,
        readCookie(request.headers.cookie, SESSION_COOKIE),
      ),
    }),
  );

  app.post(
    '/api/auth/sessions/:id/end',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'Ends one of the signed-in user’s sessions (signs that device out)',
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const me = request.user as User;
      if (!(await sessionRepository(db).endForUser(me.id, request.params.id)))
        return reply.code(404).send(errorBody(404, SESSION_NOT_FOUND));
      await auditRepository(db).record({ actorId: me.id, action: 'session.end', target: me.id, ip: request.ip });
      return reply.code(204).send(null);
    },
  );
};
