/**
 * Asking for an account and finishing it with the link sent to the email. Both are
 * answered the same whether the email has an account or not: a registered email gets a
 * note saying so instead of a link, and the password is hashed either way, so neither the
 * answer nor its time tells. At most a few messages an hour go to one email, so the form
 * cannot flood an inbox. Every attempt is audited.
 */
import { randomBytes } from 'node:crypto';
import { initialAccount } from '#domain/accounts/permissions';
import type { signupSchema } from '#domain/accounts/signup';
import type { z } from 'zod';
import {
  CONFIRM_EMAIL_PATH,
  CONFIRM_LINK_HOURS,
  SIGNUP_CONFIRM_KIND,
  SIGNUP_EXISTING_KIND,
} from '#domain/accounts/signup-confirmation';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/database';
import { messagesFor } from '../messages/message-text';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { auditRepository } from '../repositories/audit-repository';
import { messageRepository, type NewMessage } from '../repositories/message-repository';
import { signupRequestRepository } from '../repositories/signup-request-repository';
import { type ThrottlePolicy, throttleRepository } from '../repositories/throttle-repository';
import { type User, userRepository } from '../repositories/user-repository';
import { PASSWORD_RESET_POLICY } from './password-reset';

/** Sign-up messages to one email: at most 3 an hour, likewise. */
export const SIGNUP_MESSAGE_POLICY: ThrottlePolicy = PASSWORD_RESET_POLICY;

export type SignupInput = z.output<typeof signupSchema>;

/**
 * A sign-up asked for: the link to finish it, or the note that the email has an account,
 * queued with its audit row in one transaction. The message queued, if any.
 */
export async function requestSignup(
  db: Database,
  { input, now, ip }: { input: SignupInput; now: () => Date; ip: string },
): Promise<NewMessage | undefined> {
  const { name, email, phone, password, userType, businessName, licenseNumber } = input;
  // Hashed whether or not the email has an account, so both answers take as long; and
  // before any transaction: 32 MiB of scrypt work must not hold a connection.
  const passwordHash = await hashPassword(password);
  const found = await userRepository(db).findCredentials(email);
  // At most a few messages an hour to one email, so the form cannot flood an inbox.
  const mayMessage =
    (await throttleRepository(db).attempt(`signup:${email.toLowerCase()}`, SIGNUP_MESSAGE_POLICY)) === 0;
  let sent: NewMessage | undefined;
  if (!mayMessage) {
    await auditRepository(db).record({
      actorId: found?.user.id ?? null,
      action: 'account.signup',
      target: email,
      outcome: 'failure',
      detail: { reason: 'too-many-requests' },
      ip,
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
        ip,
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
      phone,
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
        ip,
      });
    });
    sent = messages[0];
  }
  if (sent) noteMessagesQueued();
  return sent;
}

/** The account made from a sign-up link, or why not: the link is unusable, or the email got an account meanwhile. */
export type SignupConfirmation = { ok: true; user: User } | { ok: false; refusal: 'unusable' | 'taken' };

export async function confirmSignup(
  db: Database,
  { token, at, ip }: { token: string; at: Date; ip: string },
): Promise<SignupConfirmation> {
  const outcome = await db.transaction(async (tx): Promise<SignupConfirmation> => {
    const pending = await signupRequestRepository(tx).consume(token, at);
    if (!pending) return { ok: false, refusal: 'unusable' };
    const start = initialAccount(pending.accountType);
    const created = await userRepository(tx).create({
      email: pending.email,
      name: pending.name,
      phone: pending.phone,
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
    if (!created) return { ok: false, refusal: 'taken' };
    await auditRepository(tx).record({
      actorId: created.id,
      action: 'account.signup',
      target: created.id,
      detail: { accountType: pending.accountType },
      ip,
    });
    return { ok: true, user: created };
  });
  if (!outcome.ok)
    await auditRepository(db).record({
      actorId: null,
      action: 'account.signup',
      target: null,
      outcome: 'failure',
      detail: { reason: `${outcome.refusal}-link` },
      ip,
    });
  return outcome;
}
