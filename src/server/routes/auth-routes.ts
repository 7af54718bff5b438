/**
 * Sign-up, sign-in, sign-out and "who am I". Wrong email and wrong password get the
 * same answer; repeated failures lock the email for a while; every attempt is audited.
 */
import { randomBytes } from 'node:crypto';
import { initialAccount } from '#domain/accounts/permissions';
import { loginSchema, signupSchema } from '#domain/accounts/signup';
import { maySignIn } from '#domain/accounts/user-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { SESSION_COOKIE, SESSION_MAX_SECONDS } from '../plugins/auth';
import { clearedCookie, readCookie, sessionCookie } from '../plugins/cookies';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { errorResponse, userResponse } from './schemas';

export const SIGN_IN_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const users = userRepository(db);
  const sessions = sessionRepository(db);
  const throttle = throttleRepository(db);
  const audit = auditRepository(db);

  async function startSession(user: User, secure: boolean): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sessions.create(token, user.id, new Date(Date.now() + SESSION_MAX_SECONDS * 1000));
    await users.touchLastActive(user.id);
    return sessionCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_MAX_SECONDS, secure });
  }

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], summary: 'Create an account and sign in', body: signupSchema, response: { 201: userResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      const { name, email, password, userType, businessName, licenseNumber } = request.body;
      const start = initialAccount(userType);
      const user = await db.transaction(async (tx) => {
        const created = await userRepository(tx).create({
          email,
          name,
          passwordHash: await hashPassword(password),
          accountType: userType,
          userType: start.userType,
          status: start.status,
          requestedRole: start.requestedRole,
          businessName: businessName || null,
          licenseNumber: licenseNumber || null,
          roles: start.roles,
        });
        if (created) await auditRepository(tx).record({ actorId: created.id, action: 'account.signup', target: created.id, detail: { accountType: userType }, ip: request.ip });
        return created;
      });
      if (!user) {
        return reply.code(409).send(errorBody(409, 'An account with this email already exists. Sign in instead.', { email: 'An account with this email already exists.' }));
      }
      const cookie = await startSession(user, request.protocol === 'https');
      return reply.code(201).header('set-cookie', cookie).send({ user: (await users.findById(user.id)) ?? user });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['accounts'], summary: 'Sign in', body: loginSchema, response: { 200: userResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const lockedFor = await throttle.lockedFor(email);
      if (lockedFor > 0) {
        await audit.record({ actorId: null, action: 'auth.sign-in', target: email, outcome: 'failure', detail: { reason: 'locked' }, ip: request.ip });
        const minutes = Math.ceil(lockedFor / 60);
        return reply
          .code(429)
          .header('retry-after', String(lockedFor))
          .send(errorBody(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
      }
      const found = await users.findCredentials(email);
      // Hash even for an unknown email, so the answer takes as long either way.
      const isMatch = await verifyPassword(password, found?.passwordHash ?? UNKNOWN_USER_HASH);
      if (!found || !isMatch) {
        await throttle.recordFailure(email, SIGN_IN_POLICY);
        await audit.record({ actorId: found?.user.id ?? null, action: 'auth.sign-in', target: email, outcome: 'failure', detail: { reason: 'wrong-credentials' }, ip: request.ip });
        return reply.code(401).send(errorBody(401, WRONG_CREDENTIALS));
      }
      if (!maySignIn(found.user.status)) {
        await audit.record({ actorId: found.user.id, action: 'auth.sign-in', target: email, outcome: 'failure', detail: { reason: found.user.status }, ip: request.ip });
        return reply.code(403).send(errorBody(403, 'This account is not active. Contact support to restore access.'));
      }
      await throttle.clear(email);
      const cookie = await startSession(found.user, request.protocol === 'https');
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
      if (request.user) await audit.record({ actorId: request.user.id, action: 'auth.sign-out', target: request.user.id, ip: request.ip });
      return reply.code(204).header('set-cookie', clearedCookie(SESSION_COOKIE, request.protocol === 'https')).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'signed-in' }, schema: { tags: ['accounts'], summary: 'The signed-in user', response: { 200: userResponse, 401: errorResponse } } },
    async (request) => ({ user: request.user as User }),
  );
};
