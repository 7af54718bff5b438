/**
 * A sign-up is finished through a link sent to its email. The answer to the form is the
 * same whether or not the email already has an account: a new email gets the link, an
 * email with an account gets a message saying so, with the way back in. So the form
 * cannot be used to find out who uses Nambala, and a real person is still helped.
 */
import { z } from 'zod';
import { ACCOUNT_CREATED, CONFIRM_EMAIL_PATH, CONFIRM_LINK_HOURS, SIGNUP_LINK_UNUSABLE } from './account-links';
import { linkTokenField } from './password-reset';

export { ACCOUNT_CREATED, CONFIRM_EMAIL_PATH, CONFIRM_LINK_HOURS, SIGNUP_LINK_UNUSABLE };

/** The outbox's kinds: the link to finish a sign-up (a secret, like a reset link), and the note to an email that has an account. */
export const SIGNUP_CONFIRM_KIND = 'account.confirm-email';
export const SIGNUP_EXISTING_KIND = 'account.signup-existing';

/** The same words whether or not the email has an account. */
export function signupLinkSent(email: string): string {
  return `Check your email. We have sent a message to ${email}: open the link in it within ${CONFIRM_LINK_HOURS} hours to finish creating your account.`;
}

export const SIGNUP_EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';

export const signupConfirmationSchema = z.object({ token: linkTokenField(SIGNUP_LINK_UNUSABLE) });
export type SignupConfirmation = z.output<typeof signupConfirmationSchema>;

/** What the sandbox "sent", shown with the answer while no real messages go out (test mode). */
export interface TestMessage {
  subject: string;
  body: string;
  /** A path on this server. */
  link: string;
}
