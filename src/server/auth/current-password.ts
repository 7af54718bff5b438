/**
 * The account holder's current password, asked before a change that could take the account
 * away from them (its password, email or phone). Counted before the verdict, like sign-in, so
 * wrong passwords sent at once cannot all be checked: five wrong within 15 minutes lock such
 * changes for 15 minutes. A wrong one is audited as a failure of `action`.
 */
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { userRepository } from '../repositories/user-repository';
import { verifyPassword } from './passwords';

export const CURRENT_PASSWORD_POLICY: ThrottlePolicy = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };
export const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';

export type CurrentPasswordCheck =
  { ok: true; done: () => Promise<void> } | { ok: false; status: 400 | 429; message: string; retryAfter?: number };

export async function checkCurrentPassword(
  db: Database,
  userId: string,
  password: string,
  audit: { action: string; ip: string },
): Promise<CurrentPasswordCheck> {
  const throttle = throttleRepository(db);
  const throttleKey = `password:${userId}`;
  const lockedFor = await throttle.attempt(throttleKey, CURRENT_PASSWORD_POLICY);
  if (lockedFor > 0) {
    const minutes = Math.ceil(lockedFor / 60);
    return {
      ok: false,
      status: 429,
      message: `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfter: lockedFor,
    };
  }
  if (!(await verifyPassword(password, (await userRepository(db).passwordHashOf(userId)) ?? ''))) {
    await auditRepository(db).record({
      actorId: userId,
      action: audit.action,
      target: userId,
      outcome: 'failure',
      ip: audit.ip,
    });
    return { ok: false, status: 400, message: WRONG_CURRENT_PASSWORD };
  }
  return { ok: true, done: () => throttle.clear(throttleKey) };
}
