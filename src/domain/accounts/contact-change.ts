// Changing the email or phone of an account: both need the current password, and a new email
// takes effect only from a link opened at the new address; the old address is told and can
// undo it for 7 days. A stolen session alone can no longer move an account away from its
// holder (the reset link would follow the email).
import { z } from 'zod';
import { EMAIL_CHANGE_LINK_UNUSABLE, EMAIL_CHANGE_PATH } from './account-links';
import { emailField } from './signup';
import { linkTokenField } from './password-reset';
import { optionalPhoneField } from './profile';

export { EMAIL_CHANGE_LINK_UNUSABLE, EMAIL_CHANGE_PATH };

/** How long the new address's link works, and how long the old address may undo the change. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/** The outbox's kinds: the link to confirm (a secret), the undo link (a secret), and the notes. */
export const EMAIL_CHANGE_CONFIRM_KIND = 'account.email-change-confirm';
export const EMAIL_CHANGE_UNDO_KIND = 'account.email-change-undo';
export const EMAIL_CHANGE_NOTE_KIND = 'account.email-change-note';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const NOTHING_TO_CHANGE = 'This is already your email and phone number.';
export const CONTACT_NEEDS_PASSWORD =
  'Changing your email or phone number needs your password: use Change email or phone in Settings.';

/** What the account holder is told once they asked: the email changes only from the new address. */
export const emailChangeSent = (newEmail: string, oldEmail: string) =>
  `We have sent a link to ${newEmail}. Your email changes when you open it there, within ${EMAIL_CHANGE_LINK_HOURS} hours; until then it stays ${oldEmail}.`;
export const emailChanged = (newEmail: string) => `Your email is now ${newEmail}. Log in with it from now on.`;
export const emailChangeUndone = (oldEmail: string) =>
  `Your email is ${oldEmail} again, and every session of the account has ended. Choose a new password with "Forgot password?" on the Login page.`;
export const PHONE_CHANGED = 'Your phone number has been changed.';

export const contactChangeSchema = z.object({
  email: emailField,
  phone: optionalPhoneField,
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(200, 'Password must be at most 200 characters'),
});
export type ContactChange = z.output<typeof contactChangeSchema>;
export type ContactChangeInput = z.input<typeof contactChangeSchema>;

export const emailChangeLinkSchema = z.object({ token: linkTokenField(EMAIL_CHANGE_LINK_UNUSABLE) });
