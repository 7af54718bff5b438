/**
 * Sign-up, sign-in, sign-out, "who am I" and "forgot password". Wrong email and wrong
 * password get the same answer; repeated failures lock the email for a while; every
 * attempt is audited. A sign-up is finished, and a reset done, through a link sent to the
 * email, and both are answered the same whether the email has an account or not. The
 * routes check the body and the per-address limits, call src/server/accounts/ and set or
 * clear the session cookie.
 */
import { messageAnswer, signupAnswer } from '#domain/api/accounts';
import {
  passwordResetRequestSchema,
  passwordResetSchema,
  RESET_LINK_SENT,
  RESET_LINK_UNUSABLE,
} from '#domain/accounts/password-reset';
import { loginSchema, signupSchema } from '#domain/accounts/signup';
import {
  SIGNUP_EMAIL_TAKEN,
  SIGNUP_LINK_UNUSABLE,
  signupConfirmationSchema,
  signupLinkSent,
} from '#domain/accounts/signup-confirmation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completePasswordReset, requestPasswordReset } from '../accounts/password-reset';
import { signIn, signOut, startSession } from '../accounts/sign-in';
import { confirmSignup, requestSignup } from '../accounts/signup';
import { isTooEasyToGuess, PASSWORD_TOO_EASY } from '../auth/password-strength';
import type { Database } from '../db/database';
import { SESSION_COOKIE, SESSION_MAX_SECONDS } from '../plugins/auth';
import { clearedCookie, readCookie, sessionCookie } from '../plugins/cookies';
import { afterAnswer } from '../plugins/after-answer';
import { accountRouteLimit } from '../plugins/auth-rate-limit';
import { errorBody } from '../plugins/error-handler';
import { rateLimitRepository } from '../repositories/rate-limit-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { errorResponse, userResponse } from './schemas';

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

  /** A new session for the user, in the session cookie. */
  async function sessionFor(user: User, secure: boolean, userAgent: string | undefined): Promise<string> {
    const token = await startSession(db, user, userAgent);
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
      const { email, password } = request.body;
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
      const sent = await requestSignup(db, { input: request.body, now, ip: request.ip });
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
      const outcome = await confirmSignup(db, { token: request.body.token, at: now(), ip: request.ip });
      if (!outcome.ok)
        return outcome.refusal === 'unusable'
          ? reply.code(400).send(errorBody(400, SIGNUP_LINK_UNUSABLE, { token: SIGNUP_LINK_UNUSABLE }))
          : reply.code(409).send(errorBody(409, SIGNUP_EMAIL_TAKEN));
      const cookie = await sessionFor(outcome.user, request.protocol === 'https', request.headers['user-agent']);
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
      const outcome = await signIn(db, {
        email,
        password,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      if (!outcome.ok) {
        if (outcome.reason === 'locked')
          return reply
            .code(429)
            .header('retry-after', String(outcome.retryAfter))
            .send(errorBody(429, outcome.message));
        const status = outcome.reason === 'wrong-credentials' ? 401 : 403;
        return reply.code(status).send(errorBody(status, outcome.message));
      }
      const cookie = sessionCookie(SESSION_COOKIE, outcome.token, {
        maxAgeSeconds: SESSION_MAX_SECONDS,
        secure: request.protocol === 'https',
      });
      return reply.header('set-cookie', cookie).send({ user: (await users.findById(outcome.user.id)) ?? outcome.user });
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['accounts'], summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      await signOut(db, {
        token: readCookie(request.headers.cookie, SESSION_COOKIE),
        userId: request.user?.id,
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
      // Answered before anything that depends on whether an account uses the email, so neither
      // the answer nor its time says. Then, whatever the email: the request counted against it,
      // one transaction with a message queued and one audit row.
      void reply.code(202).send({ message: RESET_LINK_SENT });
      afterAnswer(request.log, 'a password reset request', () =>
        requestPasswordReset(db, { email, now, ip: request.ip }),
      );
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
      const user = await completePasswordReset(db, { token, newPassword, now, ip: request.ip });
      if (!user) return reply.code(400).send(errorBody(400, RESET_LINK_UNUSABLE, { token: RESET_LINK_UNUSABLE }));
      return reply.code(204).send(null);
    },
  );
};
