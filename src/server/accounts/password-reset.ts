/**
 * "Forgot password": a link to choose a new password, sent by email (and SMS when the
 * account has a mobile number), and the new password chosen with it. Whatever the email,
 * a request is counted against it and makes one transaction with a message queued and one
 * audit row, so nothing in it depends on whether an account uses the email. Choosing the
 * new password ends every session of the account.
 */
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_INVITATION_KIND,
  INVITATION_LINK_DAYS,
  PASSWORD_RESET_KIND,
  PASSWORD_RESET_NO_ACCOUNT_KIND,
  RESET_LINK_MINUTES,
  RESET_PASSWORD_PATH,
} from '#domain/accounts/password-reset';
import { maySignIn } from '#domain/accounts/user-admin';
import { hashPassword } from '../auth/passwords';
import type { Database, Queryable } from '../db/database';
import { messagesFor } from '../messages/message-text';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { auditRepository } from '../repositories/audit-repository';
import { messageRepository } from '../repositories/message-repository';
import { passwordResetRepository } from '../repositories/password-reset-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';

/** Reset links sent to one email: at most 3 an hour, so the form cannot flood an inbox. */
export const PASSWORD_RESET_POLICY: ThrottlePolicy = { maxFailures: 3, windowSeconds: 60 * 60, lockSeconds: 60 * 60 };

/** A reset link asked for: the link to the account's holder, or a word that no active account uses the email. */
export async function requestPasswordReset(
  db: Database,
  { email, now, ip }: { email: string; now: () => Date; ip: string },
): Promise<void> {
  const throttle = throttleRepository(db);
  const throttleKey = `password-reset:${email.toLowerCase()}`;
  const found = await userRepository(db).findCredentials(email);
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
      ip,
    });
  });
  if (!isLocked) noteMessagesQueued();
}

/**
 * An account an administrator added: the same kind of link as a reset, lasting
 * INVITATION_LINK_DAYS, sent to the new user by email (and SMS with a mobile number) so they
 * choose their own password. In the transaction that adds the account.
 */
export async function queueInvitation(
  tx: Queryable,
  user: Pick<User, 'id' | 'name' | 'email' | 'phone'>,
  { now, invitedBy }: { now: Date; invitedBy: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await passwordResetRepository(tx).create(
    token,
    user.id,
    new Date(now.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60_000),
  );
  await messageRepository(tx).queue(
    messagesFor(user, {
      kind: ACCOUNT_INVITATION_KIND,
      title: 'Your Nambala account is ready',
      body: `${invitedBy} added a Nambala account for you with this email (${user.email}). Open the link within ${INVITATION_LINK_DAYS} days to choose your password; it works once. Then log in with this email and your new password. If you did not expect this, ignore this message.`,
      link: `${RESET_PASSWORD_PATH}?token=${token}&welcome=1`,
    }),
  );
  noteMessagesQueued();
}

/**
 * A new password chosen with a reset link: set, every session of the account ended, and
 * a lock from earlier wrong guesses lifted. Undefined (and audited) when the link is unusable.
 */
export async function completePasswordReset(
  db: Database,
  { token, newPassword, now, ip }: { token: string; newPassword: string; now: () => Date; ip: string },
): Promise<User | undefined> {
  const passwordHash = await hashPassword(newPassword);
  const user = await db.transaction(async (tx) => {
    const userId = await passwordResetRepository(tx).consume(token, now());
    if (!userId) return undefined;
    await userRepository(tx).setPassword(userId, passwordHash);
    await sessionRepository(tx).deleteForUser(userId);
    await auditRepository(tx).record({ actorId: userId, action: 'password.reset', target: userId, ip });
    return userRepository(tx).findById(userId);
  });
  if (!user) {
    await auditRepository(db).record({
      actorId: null,
      action: 'password.reset',
      target: null,
      outcome: 'failure',
      detail: { reason: 'unusable-link' },
      ip,
    });
    return undefined;
  }
  // The new password is the way back in: a lock from earlier wrong guesses is lifted.
  await throttleRepository(db).clear(user.email);
  return user;
}
