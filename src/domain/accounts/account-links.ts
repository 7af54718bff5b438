/**
 * Where the links sent by email for an account lead, how long they work, and what their
 * pages say: choosing a new password and finishing a sign-up. Apart from the form rules
 * (zod schemas), so the app's path table and those pages can name them without loading
 * the rules before a form is sent.
 */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const RESET_LINK_MINUTES = 30;

export const CONFIRM_EMAIL_PATH = '/auth/confirm-email';

export const CONFIRM_LINK_HOURS = 24;

/** The shortest password any form takes. */
export const MIN_PASSWORD_LENGTH = 8;

export const RESET_LINK_UNUSABLE = 'This link has expired or has already been used. Ask for a new one.';

export const PASSWORD_RESET_DONE = 'Your password has been changed. Log in with your new password.';

export const SIGNUP_LINK_UNUSABLE = 'This link has expired or has already been used. Sign up again to get a new one.';

export const ACCOUNT_CREATED = 'Your account has been created.';

/** Where the links of an email change lead: confirming it at the new address, or undoing it from the old one. */
export const EMAIL_CHANGE_PATH = '/auth/email-change';

export const EMAIL_CHANGE_LINK_UNUSABLE =
  'This link has expired, has already been used, or its email now belongs to another account. Nothing was changed.';
