/**
 * Login and sign-up calls. They need the server (an account cannot be checked offline),
 * so they go straight through the API client, not the outbox. Credentials are sent once
 * and never logged or stored on the device.
 */
import type { PasswordChange } from '#domain/accounts/profile';
import type { Login, Signup } from '#domain/accounts/signup';
import type { SessionUser } from '../../session/session-store';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../sync/api-client';

export const AUTH_NOT_AVAILABLE = 'Sign-in is not available on this server yet.';
export const AUTH_OFFLINE = "You're offline. Signing in needs a connection.";
export const AUTH_SERVER_TROUBLE = 'The server could not complete your request. Please try again in a moment.';

export type AuthResult<Field extends string> = { ok: true; user: SessionUser } | { ok: false; message: string | null; fields: Partial<Record<Field, string>> };

const LOGIN_FIELDS = ['email', 'password'] as const;
const SIGNUP_FIELDS = ['name', 'email', 'userType', 'businessName', 'licenseNumber', 'password', 'confirmPassword'] as const;

function pickFields<Field extends string>(names: readonly Field[], fields: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const picked: Partial<Record<Field, string>> = {};
  for (const name of names) {
    const message = fields?.[name];
    if (typeof message === 'string' && message) picked[name] = message;
  }
  return picked;
}

async function post<Field extends string>(path: string, body: unknown, fieldNames: readonly Field[]): Promise<AuthResult<Field>> {
  let result;
  try {
    result = await apiRequest<(ApiErrorBody & { user?: SessionUser }) | undefined>('POST', path, body);
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: AUTH_OFFLINE, fields: {} };
    throw error;
  }
  if (result.ok && result.body?.user) return { ok: true, user: result.body.user };
  // Until accounts ship, the server has no such route and answers 404.
  if (result.status === 404) return { ok: false, message: AUTH_NOT_AVAILABLE, fields: {} };
  const fields = pickFields(fieldNames, result.body?.fields);
  const message = typeof result.body?.message === 'string' && result.body.message ? result.body.message : null;
  // A message the form already shows under a field need not be repeated above the button.
  if (Object.keys(fields).length > 0) return { ok: false, message: Object.values(fields).includes(message ?? '') ? null : message, fields };
  return { ok: false, message: message ?? AUTH_SERVER_TROUBLE, fields };
}

export function login(credentials: Login): Promise<AuthResult<(typeof LOGIN_FIELDS)[number]>> {
  return post('/api/auth/login', credentials, LOGIN_FIELDS);
}

export function signup(account: Signup): Promise<AuthResult<(typeof SIGNUP_FIELDS)[number]>> {
  return post('/api/auth/signup', account, SIGNUP_FIELDS);
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];

/** Changes the signed-in user's password. Online only: a password never waits in the outbox. */
export async function changePassword(change: PasswordChange): Promise<{ ok: true } | { ok: false; message: string | null; fields: Partial<Record<PasswordField, string>> }> {
  let result;
  try {
    result = await apiRequest<ApiErrorBody | undefined>('POST', '/api/auth/password', change);
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: "You're offline. Changing your password needs a connection.", fields: {} };
    throw error;
  }
  if (result.ok) return { ok: true };
  const fields = pickFields(PASSWORD_FIELDS, result.body?.fields);
  if (result.status === 401) return { ok: false, message: 'Your session has ended. Sign in again to change your password.', fields };
  const message = typeof result.body?.message === 'string' && result.body.message ? result.body.message : AUTH_SERVER_TROUBLE;
  return { ok: false, message: Object.values(fields).includes(message) ? null : message, fields };
}
