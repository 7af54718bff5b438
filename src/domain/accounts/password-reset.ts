/**
 * "Forgot password?": a person asks for a link by email (and SMS when the account has a
 * mobile number), and the link lets them choose a new password once, within
 * RESET_LINK_MINUTES. The answer to the request never says whether the email has an
 * account, so the form cannot be used to find out who uses Nambala.
 */
import { z } from 'zod';
import { newPasswordFields, withConfirmedPassword } from './profile';
import { PASSWORD_RESET_DONE, RESET_LINK_MINUTES, RESET_LINK_UNUSABLE, RESET_PASSWORD_PATH } from './account-links';
import { emailField } from './signup';

export { PASSWORD_RESET_DONE, RESET_LINK_MINUTES, RESET_LINK_UNUSABLE, RESET_PASSWORD_PATH };

/** The outbox's kind for reset messages: their link is a secret (see the sent-messages view). */
export const PASSWORD_RESET_KIND = 'account.password-reset';

/**
 * The outbox's kind for an invitation: an administrator added the account, and its link (a
 * reset link that lasts INVITATION_LINK_DAYS) lets the new user choose their own password.
 * No password is ever set or shown by the administrator.
 */
export const ACCOUNT_INVITATION_KIND = 'account.invitation';

/** How long an invitation's link works: long enough to be read after a weekend. */
export const INVITATION_LINK_DAYS = 7;

/** What the administrator is told once the account is added. */
export const INVITATION_SENT = 'An invitation to choose a password has been sent to the new user.';

/** The outbox's kind for the note to an email no usable account has (nothing secret in it). */
export const PASSWORD_RESET_NO_ACCOUNT_KIND = 'account.password-reset-no-account';

/** The same words whether or not the email has an account. */
export const RESET_LINK_SENT = `If an account uses that email, a link to choose a new password is on its way. It works once, within ${RESET_LINK_MINUTES} minutes.`;

export const passwordResetRequestSchema = z.object({ email: emailField });

/** A link's token: 32 random bytes in base64url (43 characters); anything far from that is not one. */
export function linkTokenField(unusable: string) {
  return z.string({ error: unusable }).regex(/^[A-Za-z0-9_-]{20,128}$/, unusable);
}

export const passwordResetSchema = withConfirmedPassword(
  z.object({ token: linkTokenField(RESET_LINK_UNUSABLE), ...newPasswordFields }),
);
export type PasswordReset = z.output<typeof passwordResetSchema>;
