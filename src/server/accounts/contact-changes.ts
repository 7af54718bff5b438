/**
 * An account holder's own changes that never wait in an outbox: a new password, a new
 * phone (applied at once, told on the channels the account had) and a new email (only from
 * the link sent to it, the old address told and able to undo it for 7 days). Each is one
 * transaction with its messages and audit rows. The account routes check the current
 * password first.
 */
import { randomBytes } from 'node:crypto';
import {
  EMAIL_CHANGE_CONFIRM_KIND,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_NOTE_KIND,
  EMAIL_CHANGE_PATH,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_KIND,
  emailChangeSent,
  PHONE_CHANGED,
} from '#domain/accounts/contact-change';
import { hashPassword } from '../auth/passwords';
import type { Database, Queryable } from '../db/database';
import { noteMessagesQueued } from '../messages/outbox-signal';
import { notify } from '../notifications/notify';
import { auditRepository } from '../repositories/audit-repository';
import { type EmailChange, emailChangeRepository } from '../repositories/email-change-repository';
import { messageRepository } from '../repositories/message-repository';
import { sessionRepository } from '../repositories/session-repository';
import { type User, userRepository } from '../repositories/user-repository';

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

/** A new password; every other session of the account ends (the one making the change stays, when given). */
export async function changePassword(
  db: Database,
  { userId, keepSession, newPassword, ip }: { userId: string; keepSession?: string; newPassword: string; ip: string },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await userRepository(tx).setPassword(userId, passwordHash);
    await sessionRepository(tx).deleteForUser(userId, keepSession);
    await auditRepository(tx).record({ actorId: userId, action: 'password.change', target: userId, ip });
  });
}

/** A new phone and/or email for the account; what the holder is told, one sentence per change. */
export async function changeContact(
  db: Database,
  me: User,
  { email, phone, ip }: { email: string; phone: string | null; ip: string },
): Promise<string[]> {
  const emailChanges = email.toLowerCase() !== me.email.toLowerCase();
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
      await auditRepository(tx).record({ actorId: me.id, action: 'profile.phone', target: me.id, ip });
      messages.push(PHONE_CHANGED);
    }
    if (emailChanges) {
      await askEmailChange(tx, me, email, ip);
      messages.push(emailChangeSent(email, me.email));
    }
  });
  return messages;
}

/** The email changed with the link sent to it, and the old address given a link to undo it; undefined when the link is unusable. */
export async function confirmEmailChange(
  db: Database,
  { token, ip }: { token: string; ip: string },
): Promise<EmailChange | undefined> {
  const outcome = await db.transaction(async (tx) => {
    const change = await emailChangeRepository(tx).consume(token, 'confirm', new Date());
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
      ip,
    });
    return change;
  });
  if (outcome) noteMessagesQueued();
  return outcome;
}

/** The old email back, from the link sent to it, and every session of the account ended; undefined when the link is unusable. */
export async function undoEmailChange(
  db: Database,
  { token, ip }: { token: string; ip: string },
): Promise<EmailChange | undefined> {
  return db.transaction(async (tx) => {
    const change = await emailChangeRepository(tx).consume(token, 'undo', new Date());
    if (!change || !(await userRepository(tx).setEmail(change.userId, change.oldEmail))) return undefined;
    await sessionRepository(tx).deleteForUser(change.userId);
    await auditRepository(tx).record({
      actorId: change.userId,
      action: 'profile.email-undone',
      target: change.userId,
      detail: { from: change.newEmail, to: change.oldEmail },
      ip,
    });
    return change;
  });
}
