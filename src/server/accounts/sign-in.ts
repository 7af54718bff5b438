/**
 * Signing in and out. Wrong email and wrong password get the same answer, and the password
 * is checked against a hash even for an unknown email, so neither the answer nor its time
 * tells whether an account exists. Every attempt is counted before the verdict (guesses sent
 * at once cannot all be checked): repeated failures lock the email for a while. Every
 * attempt is audited. A session is a random token the route puts in the session cookie.
 */
import { randomBytes } from 'node:crypto';
import { deviceLabel } from '#domain/accounts/device-label';
import { maySignIn } from '#domain/accounts/user-admin';
import { UNKNOWN_USER_HASH, verifyPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { SESSION_MAX_SECONDS } from '../plugins/auth';
import { auditRepository } from '../repositories/audit-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';

export const SIGN_IN_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const ACCOUNT_NOT_ACTIVE = 'This account is not active. Contact support to restore access.';

/** A new session for the user, from the device `userAgent` names: its token. */
export async function startSession(db: Database, user: User, userAgent: string | undefined): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sessionRepository(db).create(
    token,
    user.id,
    new Date(Date.now() + SESSION_MAX_SECONDS * 1000),
    deviceLabel(userAgent),
  );
  await userRepository(db).touchLastActive(user.id);
  return token;
}

export type SignInOutcome =
  | { ok: true; user: User; token: string }
  | { ok: false; reason: 'locked'; retryAfter: number; message: string }
  | { ok: false; reason: 'wrong-credentials' | 'not-active'; message: string };

export async function signIn(
  db: Database,
  { email, password, userAgent, ip }: { email: string; password: string; userAgent: string | undefined; ip: string },
): Promise<SignInOutcome> {
  const throttle = throttleRepository(db);
  const audit = auditRepository(db);
  // Counted before the verdict: guesses sent at once cannot all be checked.
  const lockedFor = await throttle.attempt(email, SIGN_IN_POLICY);
  if (lockedFor > 0) {
    await audit.record({
      actorId: null,
      action: 'auth.sign-in',
      target: email,
      outcome: 'failure',
      detail: { reason: 'locked' },
      ip,
    });
    const minutes = Math.ceil(lockedFor / 60);
    return {
      ok: false,
      reason: 'locked',
      retryAfter: lockedFor,
      message: `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    };
  }
  const found = await userRepository(db).findCredentials(email);
  // Hash even for an unknown email, so the answer takes as long either way.
  const isMatch = await verifyPassword(password, found?.passwordHash ?? UNKNOWN_USER_HASH);
  if (!found || !isMatch) {
    await audit.record({
      actorId: found?.user.id ?? null,
      action: 'auth.sign-in',
      target: email,
      outcome: 'failure',
      detail: { reason: 'wrong-credentials' },
      ip,
    });
    return { ok: false, reason: 'wrong-credentials', message: WRONG_CREDENTIALS };
  }
  if (!maySignIn(found.user.status)) {
    await audit.record({
      actorId: found.user.id,
      action: 'auth.sign-in',
      target: email,
      outcome: 'failure',
      detail: { reason: found.user.status },
      ip,
    });
    return { ok: false, reason: 'not-active', message: ACCOUNT_NOT_ACTIVE };
  }
  await throttle.clear(email);
  const token = await startSession(db, found.user, userAgent);
  await audit.record({ actorId: found.user.id, action: 'auth.sign-in', target: email, ip });
  return { ok: true, user: found.user, token };
}

/** The session's token forgotten (when the request carried one), and the sign-out audited (when someone was signed in). */
export async function signOut(
  db: Database,
  { token, userId, ip }: { token: string | undefined; userId: string | undefined; ip: string },
): Promise<void> {
  if (token) await sessionRepository(db).delete(token);
  if (userId) await auditRepository(db).record({ actorId: userId, action: 'auth.sign-out', target: userId, ip });
}
