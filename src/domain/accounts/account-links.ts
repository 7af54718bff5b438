/**
 * Where the links sent by email for an account lead and how long they work: choosing a new
 * password and finishing a sign-up. Apart from the form rules, so the app's path table can
 * name them without loading them.
 */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const RESET_LINK_MINUTES = 30;

export const CONFIRM_EMAIL_PATH = '/auth/confirm-email';

export const CONFIRM_LINK_HOURS = 24;
