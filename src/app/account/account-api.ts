/**
 * Login, sign-up, password and contact calls. They need the server (an account cannot be checked
 * offline), so they are commands, not changes in the outbox. Credentials are sent once
 * and never logged or stored on the device.
 */
import type { ContactChange } from '#domain/accounts/contact-change';
import type { PasswordReset } from '#domain/accounts/password-reset';
import type { PasswordChange } from '#domain/accounts/profile';
import type { Login, Signup } from '#domain/accounts/signup';
import type { SignupConfirmation } from '#domain/accounts/signup-confirmation';
import type { MessageAnswer, SignupAnswer, UserAnswer } from '#domain/api/accounts';
import type { SessionUser } from '../session/session-store';
import type { ApiErrorBody } from '../api/api-client';
import { runCommand } from '../api/command';

export const AUTH_NOT_AVAILABLE = 'Sign-in is not available on this server yet.';
export const AUTH_OFFLINE = "You're offline. Signing in needs a connection.";

/** True for the account forms' "You're offline. … needs a connection." messages, which the connection's return makes untrue. */
export function saysOffline(message: string | null): boolean {
  return message !== null && message.startsWith("You're offline.");
}
export const AUTH_SERVER_TROUBLE = 'The server could not complete your request. Please try again in a moment.';

type Refused<Field extends string> = { ok: false; message: string | null; fields: Partial<Record<Field, string>> };

export type AuthResult<Field extends string> = { ok: true; user: SessionUser } | Refused<Field>;

/** What a sign-up is answered: the words to show, and in test mode the message "sent". */
export type { SignupAnswer as SignupSent };

export type SignupResult<Field extends string> = { ok: true; sent: SignupAnswer } | Refused<Field>;

const LOGIN_FIELDS = ['email', 'password'] as const;
const SIGNUP_FIELDS = [
  'name',
  'email',
  'phone',
  'userType',
  'businessName',
  'licenseNumber',
  'password',
  'confirmPassword',
] as const;

function pickFields<Field extends string>(
  names: readonly Field[],
  fields: Record<string, string> | undefined,
): Partial<Record<Field, string>> {
  const picked: Partial<Record<Field, string>> = {};
  for (const name of names) {
    const message = fields?.[name];
    if (typeof message === 'string' && message) picked[name] = message;
  }
  return picked;
}

async function post<Field extends string, Body>(
  path: string,
  body: unknown,
  fieldNames: readonly Field[],
  accept: (body: Body | undefined) => boolean,
): Promise<{ ok: true; body: Body } | Refused<Field>> {
  const outcome = await runCommand({
    method: 'POST',
    path,
    body,
    accept: (answer: (ApiErrorBody & Body) | undefined) => (answer && accept(answer) ? answer : null),
  });
  if (outcome.status === 'needs-connection') return { ok: false, message: AUTH_OFFLINE, fields: {} };
  if (outcome.status === 'applied') return { ok: true, body: outcome.value };
  // Until accounts ship, the server has no such route and answers 404.
  if (outcome.httpStatus === 404) return { ok: false, message: AUTH_NOT_AVAILABLE, fields: {} };
  const fields = pickFields(fieldNames, outcome.fields);
  const message = outcome.reason || null;
  // A message the form already shows under a field need not be repeated above the button.
  if (Object.keys(fields).length > 0)
    return { ok: false, message: Object.values(fields).includes(message ?? '') ? null : message, fields };
  return { ok: false, message: message ?? AUTH_SERVER_TROUBLE, fields };
}

/** A call answered with the signed-in user. */
async function signIn<Field extends string>(
  path: string,
  body: unknown,
  fieldNames: readonly Field[],
): Promise<AuthResult<Field>> {
  const result = await post<Field, Partial<UserAnswer>>(path, body, fieldNames, (answer) => Boolean(answer?.user));
  return result.ok ? { ok: true, user: result.body.user as SessionUser } : result;
}

export function login(credentials: Login): Promise<AuthResult<(typeof LOGIN_FIELDS)[number]>> {
  return signIn('/api/auth/login', credentials, LOGIN_FIELDS);
}

/** Asks for an account; the server sends a link to the email to finish it (the same answer whether or not the email has one). */
export async function signup(
  account: Omit<Signup, 'phone'> & { phone?: string | null },
): Promise<SignupResult<(typeof SIGNUP_FIELDS)[number]>> {
  // No phone given is left out: the server reads a missing one as none.
  const { phone, ...rest } = account;
  const result = await post<(typeof SIGNUP_FIELDS)[number], Partial<SignupAnswer>>(
    '/api/auth/signup',
    phone ? { ...rest, phone } : rest,
    SIGNUP_FIELDS,
    (answer) => typeof answer?.message === 'string',
  );
  return result.ok ? { ok: true, sent: result.body as SignupAnswer } : result;
}

/** Finishes a sign-up with its link's token, and signs in. */
export function confirmSignup(confirmation: SignupConfirmation): Promise<AuthResult<'token'>> {
  return signIn('/api/auth/signup/confirm', confirmation, ['token']);
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

export type FormResult<Field extends string> =
  { ok: true; message: string | null } | { ok: false; message: string | null; fields: Partial<Record<Field, string>> };

/** Sends a password form. Online only: a password never waits in the outbox. */
async function sendPasswordForm<Field extends string>(
  path: string,
  body: unknown,
  fieldNames: readonly Field[],
  offline: string,
): Promise<FormResult<Field>> {
  const outcome = await runCommand<(ApiErrorBody & Partial<MessageAnswer>) | undefined>({ method: 'POST', path, body });
  if (outcome.status === 'needs-connection') return { ok: false, message: offline, fields: {} };
  if (outcome.status === 'applied') {
    const said = outcome.value?.message;
    return { ok: true, message: typeof said === 'string' && said ? said : null };
  }
  const message = outcome.reason || null;
  const fields = pickFields(fieldNames, outcome.fields);
  if (outcome.httpStatus === 401)
    return { ok: false, message: 'Your session has ended. Sign in again to change your password.', fields };
  return {
    ok: false,
    message: message === null ? AUTH_SERVER_TROUBLE : Object.values(fields).includes(message) ? null : message,
    fields,
  };
}

/** Changes the signed-in user's password. */
export function changePassword(change: PasswordChange): Promise<FormResult<PasswordField>> {
  return sendPasswordForm(
    '/api/auth/password',
    change,
    PASSWORD_FIELDS,
    "You're offline. Changing your password needs a connection.",
  );
}

/** Asks for a reset link; the answer is the same whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<FormResult<'email'>> {
  return sendPasswordForm(
    '/api/auth/password-reset',
    { email },
    ['email'],
    "You're offline. Asking for a reset link needs a connection.",
  );
}

export type ResetField = 'token' | 'newPassword' | 'confirmPassword';

/** Sets a new password with the link's token. */
export function completePasswordReset(reset: PasswordReset): Promise<FormResult<ResetField>> {
  return sendPasswordForm(
    '/api/auth/password-reset/complete',
    reset,
    ['token', 'newPassword', 'confirmPassword'],
    "You're offline. Choosing a new password needs a connection.",
  );
}

export type ContactField = 'email' | 'phone' | 'currentPassword';

/** Changes the signed-in user's email or phone, with their password: a phone at once, an email from the link sent to it. */
export function changeContact(change: ContactChange): Promise<FormResult<ContactField>> {
  return sendPasswordForm(
    '/api/auth/contact',
    change,
    ['email', 'phone', 'currentPassword'],
    "You're offline. Changing your email or phone needs a connection.",
  );
}

/** Confirms an email change from the new address, or undoes it from the old one, with the link's token. */
export function finishEmailChange(action: 'confirm' | 'undo', token: string): Promise<FormResult<'token'>> {
  return sendPasswordForm(
    `/api/auth/email-change/${action}`,
    { token },
    ['token'],
    "You're offline. Opening this link needs a connection.",
  );
}
