/**
 * Reads of accounts for the device to keep (the administrator's user list, a
 * user's notifications) and the one account change that never waits in an outbox:
 * a password change, which must not rest on a device.
 */
import {
  contactChangeSchema,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_LINK_UNUSABLE,
  EMAIL_CHANGE_PATH,
  EMAIL_CHANGE_CONFIRM_KIND,
  EMAIL_CHANGE_NOTE_KIND,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_KIND,
  emailChanged,
  emailChangeLinkSchema,
  emailChangeSent,
  emailChangeUndone,
  NOTHING_TO_CHANGE,
  PHONE_CHANGED,
} from '#domain/accounts/contact-change';
import { contactChangeAnswer, messageAnswer } from '#domain/api/accounts';
import { passwordChangeSchema } from '#domain/accounts/profile';
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCurrentPassword, type CurrentPasswordCheck, WRONG_CURRENT_PASSWORD } from '../auth/current-password';
import { hashPassword } from '../auth/passwords';
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from '../auth/password-strength';
import type { Database, Queryable } from '../db/database';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { notify } from '../notifications/notify';
import { emailChangeRepository } from '../repositories/email-change-repository';
import { messageRepository } from '../repositories/message-repository';
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

/**
 * A new email asked for: a link to it that makes the change (when no other account uses the
 * email; otherwise a note that nothing changed, so the answer says nothing of that account),
 * and a word to the old address. The email stays as it is until the link is opened.
 */
async function askEmailChange(tx: Queryable, me: User, newEmail: string, ip: string): Promise<void> {
  const taken = await userRepository(tx).findCredentials(newEmail);
  const messages = messageRepository(tx);
  if (taken) {
    await messages.queue([
      {
        userId: null,
        kind: EMAIL_CHANGE_NOTE_KIND,
        channel: 'email',
        recipient: newEmail,
        subject: 'Nambala email change',
        body: 'Hello,\n\nSomeone asked to move a Nambala account to this email, which already has an account of its own. Nothing has changed.',
        link: null,
      },
    ]);
  } else {
    const token = randomBytes(32).toString('base64url');
    await emailChangeRepository(tx).create(
      token,
      'confirm',
      { userId: me.id, oldEmail: me.email, newEmail },
      new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 3_600_000),
    );
    await messages.queue([
      {
        userId: me.id,
        kind: EMAIL_CHANGE_CONFIRM_KIND,
        channel: 'email',
        recipient: newEmail,
        subject: 'Confirm your new Nambala email',
        body: `Hello,\n\nOpen the link within ${EMAIL_CHANGE_LINK_HOURS} hours to make this the email of your Nambala account; it works once. If you did not ask for this, ignore this message: nothing changes.`,
        link: `${EMAIL_CHANGE_PATH}?action=confirm&token=${token}`,
      },
    ]);
  }
  await messages.queue([
    {
      userId: me.id,
      kind: EMAIL_CHANGE_NOTE_KIND,
      channel: 'email',
      recipient: me.email,
      subject: 'A change of your Nambala email was asked for',
      body: `Hello,\n\nSomeone signed in to your Nambala account asked to change its email to ${newEmail}. It changes only when the link sent there is opened, and you will be told again with a way to undo it. If it was not you, change your password now.`,
      link: null,
    },
  ]);
  await auditRepository(tx).record({
    actorId: me.id,
    action: 'profile.email-requested',
    target: me.id,
    detail: { to: newEmail },
    ip,
  });
}

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
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await userRepository(tx).setPassword(me.id, passwordHash);
        await sessionRepository(tx).deleteForUser(me.id, readCookie(request.headers.cookie, SESSION_COOKIE));
        await auditRepository(tx).record({ actorId: me.id, action: 'password.change', target: me.id, ip: request.ip });
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
      const messages: string[] = [];
      await db.transaction(async (tx) => {
        if (phone !== me.phone) {
          // Told on the channels the account had, before the number changes.
          await notify(tx, me.id, {
            kind: 'phone-changed',
            title: 'Your Nambala phone number was changed',
            body: `The phone number of your account is now ${phone ?? 'none'}. If it was not you, change your password now.`,
          });
          await userRepository(tx).setPhone(me.id, phone);
          await auditRepository(tx).record({ actorId: me.id, action: 'profile.phone', target: me.id, ip: request.ip });
          messages.push(PHONE_CHANGED);
        }
        if (emailChanges) {
          await askEmailChange(tx, me, email, request.ip);
          messages.push(emailChangeSent(email, me.email));
        }
      });
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
      const outcome = await db.transaction(async (tx) => {
        const change = await emailChangeRepository(tx).consume(request.body.token, 'confirm', new Date());
        if (!change || !(await userRepository(tx).setEmail(change.userId, change.newEmail))) return undefined;
        const undo = randomBytes(32).toString('base64url');
        await emailChangeRepository(tx).create(
          undo,
          'undo',
          change,
          new Date(Date.now() + EMAIL_CHANGE_UNDO_DAYS * 86_400_000),
        );
        await messageRepository(tx).queue([
          {
            userId: change.userId,
            kind: EMAIL_CHANGE_UNDO_KIND,
            channel: 'email',
            recipient: change.oldEmail,
            subject: 'Your Nambala email was changed',
            body: `Hello,\n\nThe email of your Nambala account was changed from this address to ${change.newEmail}. If it was not you, undo it within ${EMAIL_CHANGE_UNDO_DAYS} days with the link below: the account comes back to this address and every session ends.`,
            link: `${EMAIL_CHANGE_PATH}?action=undo&token=${undo}`,
          },
        ]);
        await auditRepository(tx).record({
          actorId: change.userId,
          action: 'profile.email',
          target: change.userId,
          detail: { from: change.oldEmail, to: change.newEmail },
          ip: request.ip,
        });
        return change;
      });
      if (!outcome)
        return reply.code(409).send(errorBody(409, EMAIL_CHANGE_LINK_UNUSABLE, { token: EMAIL_CHANGE_LINK_UNUSABLE }));
      noteMessagesQueued();
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
      const outcome = await db.transaction(async (tx) => {
        const change = await emailChangeRepository(tx).consume(request.body.token, 'undo', new Date());
        if (!change || !(await userRepository(tx).setEmail(change.userId, change.oldEmail))) return undefined;
        await sessionRepository(tx).deleteForUser(change.userId);
        await auditRepository(tx).record({
          actorId: change.userId,
          action: 'profile.email-undone',
          target: change.userId,
          detail: { from: change.newEmail, to: change.oldEmail },
          ip: request.ip,
        });
        return change;
      });
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
