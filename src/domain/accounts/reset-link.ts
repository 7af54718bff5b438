/** Where a password-reset link leads and how long it works; apart from the form rules, so the app's path table can name it without loading them. */
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export const RESET_LINK_MINUTES = 30;
