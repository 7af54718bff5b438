/**
 * Sign-up, sign-in, sign-out, "who am I" and "forgot password". Wrong email and wrong
 * password get the same answer; repeated failures lock the email for a while; every
 * attempt is audited. A sign-up is finished, and a reset done, through a link sent to the
 * email, and both are answered the same whether the email has an account or not.
 */
import { randomBytes } from 'node:crypto';
import { messageAnswer, signupAnswer } from '#domain/api/accounts';
import { initialAccount } from '#domain/accounts/permissions';
import { deviceLabel } from '#domain/accounts/device-label';
import {
  PASSWORD_RESET_KIND,
  PASSWORD_RESET_NO_ACCOUNT_KIND,
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_LINK_MINUTES,
  RESET_LINK_SENT,
  RESET_LINK_UNUSABLE,
  RESET_PASSWORD_PATH,
} from '#domain/accounts/password-reset';
import { loginSchema, signupSchema } from '#domain/accounts/signup';
import {
  CONFIRM_EMAIL_PATH,
  CONFIRM_LINK_HOURS,
  SIGNUP_CONFIRM_KIND,
  SIGNUP_EMAIL_TAKEN,
  SIGNUP_EXISTING_KIND,
  SIGNUP_LINK_UNUSABLE,
  signupConfirmationSchema,
  signupLinkSent,
} from '#domain/accounts/signup-confirmation';
import { maySignIn } from '#domain/accounts/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../auth/passwords';
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from '../auth/password-strength';
import type { Database } from '../db/database';
import { messagesFor } from '../messages/message-text';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { SESSION_COOKIE, SESSION_MAX_SECONDS } from '../plugins/auth';
import { clearedCookie, readCookie, sessionCookie } from '../plugins/cookies';
import { afterAnswer } from '../plugins/after-answer';
import { accountRouteLimit } from '../plugins/auth-rate-limit';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { messageRepository, type NewMessage } from '../repositories/message-repository';
import { passwordResetRepository } from '../repositories/password-reset-repository';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { sessionRepository } from '../repositories/session-repository';
import { signupRequestRepository } from '../repositories/signup-request-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { errorResponse, userResponse } from './schemas';

export const SIGN_IN_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
/** Reset links sent to one email: at most 3 an hour, so the form cannot flood an inbox. */
export const PASSWORD_RESET_POLICY: ThrottlePolicy = { maxFailures: 3, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };
/** Sign-up messages to one email: at most 3 an hour, likewise. */
export const SIGNUP_MESSAGE_POLICY: ThrottlePolicy = PASSWORD_RESET_POLICY;
/** Sign-up requests one client address may make in an hour, each of which may send a message. */
export const SIGNUP_MESSAGES_PER_ADDRESS = { max: 20, windowMs: 60 * 60_000 } as const;

/**
 * `perMinute`: the account routes' limit per client address (AUTH_RATE_LIMIT; 0 is off).
 * `showsTestMessages`: messages go to the sandbox, so the sign-up answer shows the message
 * "sent" (test mode: nothing leaves the server, and this is the only way to read it).
 */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  perMinute: number;
  showsTestMessages: boolean;
}> = async (app, { db, now, perMinute, showsTestMessages }) => {
  const limited = accountRouteLimit(perMinute);
  const users = userRepository(db);
  const sessions = sessionRepository(db);
  const throttle = throttleRepository(db);
  const audit = auditRepository(db);

  async function startSession(user: User, secure: boolean, userAgent: string | undefined): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sessions.create(token, user.id, new Date(Date.now() + SESSION_MAX_SECONDS * 1000), deviceLabel(userAgent));
    await users.touchLastActive(user.id);
    return sessionCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_MAX_SECONDS, secure });
  }

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags: ['accounts'],
        summary:
          'Ask for an account: a link to finish it is sent to the email (or, when the email has an account, a note saying so)',
        body: signupSchema,
        response: { 202: signupAnswer, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { name, email, password, userType, businessName, licenseNumber } = request.body;
      if (isTooEasyToGuess(password))
        return reply.code(400).send(errorBody(400, PASSWORD_TOO_EASY, { password: PASSWORD_TOO_EASY }));
      // One client address sends at most a few sign-up messages an hour, to any number of emails
      // (counted on every instance together); off with the per-address limit (AUTH_RATE_LIMIT=0).
      if (perMinute > 0) {
        const fromAddress = await rateLimitRepository(db).hit(
          `signup-messages:${request.ip}`,
          SIGNUP_MESSAGES_PER_ADDRESS.windowMs,
        );
        if (fromAddress.hits > SIGNUP_MESSAGES_PER_ADDRESS.max) {
          const minutes = Math.max(1, Math.ceil(fromAddress.ttlMs / 60_000));
          return reply
            .code(429)
            .send(
              errorBody(
                429,
                `Too many sign-ups from this address in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
              ),
            );
        }
      }
      // Hashed whether or not the email has an account, so both answers take as long; and
      // before any transaction: 32 MiB of scrypt work must not hold a connection.
      const passwordHash = await hashPassword(password);
      const found = await users.findCredentials(email);
      // At most a few messages an hour to one email, so the form cannot flood an inbox.
      const mayMessage = (await throttle.attempt(`signup:${email.toLowerCase()}`, SIGNUP_MESSAGE_POLICY)) === 0;
      let sent: NewMessage | undefined;
      if (!mayMessage) {
        await audit.record({
          actorId: found?.user.id ?? null,
          action: 'account.signup',
          target: email,
          outcome: 'failure',
          detail: { reason: 'too-many-requests' },
          ip: request.ip,
        });
      } else if (found) {
        const messages = messagesFor(found.user, {
          kind: SIGNUP_EXISTING_KIND,
          title: 'You already have a Nambala account',
          body: 'Someone asked to create a Nambala account with this email, which already has one. If it was you, log in; if you have forgotten your password, choose "Forgot password?" on the Login page. If it was not you, ignore this message: nothing has changed.',
          link: '/auth',
        });
        await db.transaction(async (tx) => {
          await messageRepository(tx).queue(messages);
          await auditRepository(tx).record({
            actorId: found.user.id,
            action: 'account.signup',
            target: email,
            outcome: 'failure',
            detail: { reason: 'email-registered' },
            ip: request.ip,
          });
        });
        sent = messages[0];
      } else {
        const token = randomBytes(32).toString('base64url');
        const messages = messagesFor(
          // Not the name typed: nobody has shown yet that it belongs to whoever reads this inbox.
          { id: null, name: null, email, phone: null },
          {
            kind: SIGNUP_CONFIRM_KIND,
            title: 'Confirm your email to finish creating your Nambala account',
            body: `Open the link within ${CONFIRM_LINK_HOURS} hours to finish creating your account; it works once. If you did not sign up for Nambala, ignore this message: no account is made.`,
            link: `${CONFIRM_EMAIL_PATH}?token=${token}`,
          },
        );
        const pending = {
          email,
          name,
          passwordHash,
          accountType: userType,
          businessName: businessName || null,
          licenseNumber: licenseNumber || null,
        };
        await db.transaction(async (tx) => {
          await signupRequestRepository(tx).create(
            token,
            pending,
            new Date(now().getTime() + CONFIRM_LINK_HOURS * 3_600_000),
          );
          await messageRepository(tx).queue(messages);
          await auditRepository(tx).record({
            actorId: null,
            action: 'account.signup-requested',
            target: email,
            detail: { accountType: userType },
            ip: request.ip,
          });
        });
        sent = messages[0];
      }
      if (sent) noteMessagesQueued();
      const testMessage =
        showsTestMessages && sent?.link ? { subject: sent.subject ?? '', body: sent.body, link: sent.link } : undefined;
      return reply.code(202).send({ message: signupLinkSent(email), ...(testMessage ? { testMessage } : {}) });
    },
  );

  app.post(
    '/api/auth/signup/confirm',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags: ['accounts'],
        summary: 'Finish a sign-up with the link sent to its email, and sign in',
        body: signupConfirmationSchema,
        response: { 201: userResponse, 400: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await db.transaction(async (tx): Promise<{ user: User } | { refusal: 'unusable' | 'taken' }> => {
        const pending = await signupRequestRepository(tx).consume(request.body.token, now());
        if (!pending) return { refusal: 'unusable' };
        const start = initialAccount(pending.accountType);
        const created = await userRepository(tx).create({
          email: pending.email,
          name: pending.name,
          passwordHash: pending.passwordHash,
          accountType: pending.accountType,
          userType: start.userType,
          status: start.status,
          requestedRole: start.requestedRole,
          businessName: pending.businessName,
          licenseNumber: pending.licenseNumber,
          roles: start.roles,
        });
        // The email got an account meanwhile (a second link used first, say).
        if (!created) return { refusal: 'taken' };
        await auditRepository(tx).record({
          actorId: created.id,
          action: 'account.signup',
          target: created.id,
          detail: { accountType: pending.accountType },
          ip: request.ip,
        });
        return { user: created };
      });
      if ('refusal' in outcome) {
        await audit.record({
          actorId: null,
          action: 'account.signup',
          target: null,
          outcome: 'failure',
          detail: { reason: `${outcome.refusal}-link` },
          ip: request.ip,
        });
        return outcome.refusal === 'unusable'
          ? reply.code(400).send(errorBody(400, SIGNUP_LINK_UNUSABLE, { token: SIGNUP_LINK_UNUSABLE }))
          : reply.code(409).send(errorBody(409, SIGNUP_EMAIL_TAKEN));
      }
      const cookie = await startSession(outcome.user, request.protocol === 'https', request.headers['user-agent']);
      return reply
        .code(201)
        .header('set-cookie', cookie)
        .send({ user: (await users.findById(outcome.user.id)) ?? outcome.user });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in',
        body: loginSchema,
        response: { 200: userResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // Counted before the verdict: guesses sent at once cannot all be checked.
      const lockedFor = await throttle.attempt(email, SIGN_IN_POLICY);
      if (lockedFor > 0) {
        await audit.record({
          actorId: null,
          action: 'auth.sign-in',
          target: email,
          outcome: 'failure',
          detail: { reason: 'locked' },
          ip: request.ip,
        });
        const minutes = Math.ceil(lockedFor / 60);
        return reply
          .code(429)
          .header('retry-after', String(lockedFor))
          .send(
            errorBody(
              429,
              `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            ),
          );
      }
      const found = await users.findCredentials(email);
      // Hash even for an unknown email, so the answer takes as long either way.
      const isMatch = await verifyPassword(password, found?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!found || !isMatch) {
        await audit.record({
          actorId: found?.user.id ?? null,
          action: 'auth.sign-in',
          target: email,
          outcome: 'failure',
          detail: { reason: 'wrong-credentials' },
          ip: request.ip,
        });
        return reply.code(401).send(errorBody(401, WRONG_CREDENTIALS));
      }
      if (!maySignIn(found.user.status)) {
        await audit.record({
          actorId: found.user.id,
          action: 'auth.sign-in',
          target: email,
          outcome: 'failure',
          detail: { reason: found.user.status },
          ip: request.ip,
        });
        return reply.code(403).send(errorBody(403, 'This account is not active. Contact support to restore access.'));
      }
      await throttle.clear(email);
      const cookie = await startSession(found.user, request.protocol === 'https', request.headers['user-agent']);
      await audit.record({ actorId: found.user.id, action: 'auth.sign-in', target: email, ip: request.ip });
      return reply.header('set-cookie', cookie).send({ user: (await users.findById(found.user.id)) ?? found.user });
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['accounts'], summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (token) await sessions.delete(token);
      if (request.user)
        await audit.record({
          actorId: request.user.id,
          action: 'auth.sign-out',
          target: request.user.id,
          ip: request.ip,
        });
      return reply
        .code(204)
        .header('set-cookie', clearedCookie(SESSION_COOKIE, request.protocol === 'https'))
        .send(null);
    },
  );

  // For the app's own start-up: a visitor is an answer, not an error (a 401 would be
  // logged in every visitor's console).
  app.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: z.object({ user: userResponse.shape.user.nullable() }) },
      },
    },
    async (request) => ({ user: request.user ?? null }),
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: userResponse, 401: errorResponse },
      },
    },
    async (request) => ({ user: request.user as User }),
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags: ['accounts'],
        summary: 'Send a link to choose a new password, by email (and SMS when the account has a mobile number)',
        body: passwordResetRequestSchema,
        response: { 202: messageAnswer, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const throttleKey = `password-reset:${email.toLowerCase()}`;
      // Answered before anything that depends on whether an account uses the email, so neither
      // the answer nor its time says. Then, whatever the email: the request counted against it,
      // one transaction with a message queued and one audit row.
      void reply.code(202).send({ message: RESET_LINK_SENT });
      afterAnswer(request.log, 'a password reset request', async () => {
        const found = await users.findCredentials(email);
        const isLocked = (await throttle.lockedFor(throttleKey)) > 0;
        await throttle.recordFailure(throttleKey, PASSWORD_RESET_POLICY);
        const account = found !== undefined && maySignIn(found.user.status) ? found.user : undefined;
        const token = randomBytes(32).toString('base64url');
        await db.transaction(async (tx) => {
          if (!isLocked && account) {
            await passwordResetRepository(tx).create(
              token,
              account.id,
              new Date(now().getTime() + RESET_LINK_MINUTES * 60_000),
            );
            await messageRepository(tx).queue(
              messagesFor(account, {
                kind: PASSWORD_RESET_KIND,
                title: 'Choose a new Nambala password',
                body: `Someone asked to reset the password of your Nambala account. If it was you, open the link within ${RESET_LINK_MINUTES} minutes to choose a new one; it works once. If it was not you, ignore this message: your password stays as it is.`,
                link: `${RESET_PASSWORD_PATH}?token=${token}`,
              }),
            );
          } else if (!isLocked) {
            await messageRepository(tx).queue([
              {
                userId: found?.user.id ?? null,
                kind: PASSWORD_RESET_NO_ACCOUNT_KIND,
                channel: 'email',
                recipient: email.toLowerCase(),
                subject: 'Nambala password reset',
                body: found
                  ? 'Someone asked to reset the password of the Nambala account that uses this email, but the account is not active, so its password cannot be reset. Contact Nambala support to restore access. If it was not you, ignore this message.'
                  : 'Someone asked to reset the password of a Nambala account with this email, but no account uses it. If it was you, you may have signed up with another email. If it was not you, ignore this message.',
                link: null,
              },
            ]);
          }
          const reason = isLocked
            ? 'too-many-requests'
            : found === undefined
              ? 'unknown-email'
              : account
                ? undefined
                : found.user.status;
          await auditRepository(tx).record({
            actorId: found?.user.id ?? null,
            action: 'password.reset-requested',
            target: account && !isLocked ? account.id : email,
            ...(reason ? { outcome: 'failure' as const, detail: { reason } } : {}),
            ip: request.ip,
          });
        });
        if (!isLocked) noteMessagesQueued();
      });
      return reply;
    },
  );

  app.post(
    '/api/auth/password-reset/complete',
    {
      config: { access: 'public', ...limited },
      schema: {
        tags: ['accounts'],
        summary: 'Choose a new password with a reset link; every session of the account ends',
        body: passwordResetSchema,
        response: { 204: z.null(), 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      if (isTooEasyToGuess(newPassword))
        return reply.code(400).send(errorBody(400, PASSWORD_TOO_EASY, { newPassword: PASSWORD_TOO_EASY }));
      const passwordHash = await hashPassword(newPassword);
      const user = await db.transaction(async (tx) => {
        const userId = await passwordResetRepository(tx).consume(token, now());
        if (!userId) return undefined;
        await userRepository(tx).setPassword(userId, passwordHash);
        await sessionRepository(tx).deleteForUser(userId);
        await auditRepository(tx).record({ actorId: userId, action: 'password.reset', target: userId, ip: request.ip });
        return userRepository(tx).findById(userId);
      });
      if (!user) {
        await audit.record({
          actorId: null,
          action: 'password.reset',
          target: null,
          outcome: 'failure',
          detail: { reason: 'unusable-link' },
          ip: request.ip,
        });
        return reply.code(400).send(errorBody(400, RESET_LINK_UNUSABLE, { token: RESET_LINK_UNUSABLE }));
      }
      // The new password is the way back in: a lock from earlier wrong guesses is lifted.
      await throttle.clear(user.email);
      return reply.code(204).send(null);
    },
  );
};
