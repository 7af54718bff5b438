import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_NOT_AVAILABLE, AUTH_OFFLINE, confirmSignup, login, signup } from '../../../src/app/account/account-api';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const credentials = { email: 'mwila@example.zm', password: 'correct horse' };

describe('auth api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('succeeds when the server accepts the login', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => answer(200, { user: { id: 'u1' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await login(credentials)).toEqual({ ok: true, user: { id: 'u1' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/login');
  });

  it('says sign-in is not available while the server has no accounts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, { message: 'Route POST:/api/auth/login not found' })),
    );
    expect(await login(credentials)).toEqual({ ok: false, message: AUTH_NOT_AVAILABLE, fields: {} });
  });

  it('says signing in needs a connection when offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await login(credentials)).toEqual({ ok: false, message: AUTH_OFFLINE, fields: {} });
  });

  it('shows the server’s message when it refuses the login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Email or password is incorrect.' })),
    );
    expect(await login(credentials)).toEqual({ ok: false, message: 'Email or password is incorrect.', fields: {} });
  });

  it('puts the server’s sign-up messages under their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          message: 'This password is too easy to guess',
          fields: { password: 'This password is too easy to guess' },
        }),
      ),
    );
    const result = await signup({
      name: 'Mwila',
      email: 'mwila@example.zm',
      password: 'password',
      confirmPassword: 'password',
      userType: 'individual',
    });
    expect(result).toEqual({ ok: false, message: null, fields: { password: 'This password is too easy to guess' } });
  });

  it('hands back "check your email", and the test message when the server shows one', async () => {
    const sent = {
      message: 'Check your email.',
      testMessage: { subject: 'Confirm', body: 'Open the link', link: '/auth/confirm-email?token=abc' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(202, sent)),
    );
    const result = await signup({
      name: 'Mwila',
      email: 'mwila@example.zm',
      password: 'longenough',
      confirmPassword: 'longenough',
      userType: 'individual',
    });
    expect(result).toEqual({ ok: true, sent });
  });

  it('signs in with the user a confirmed sign-up answers with, and says why a link is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(201, { user: { id: 'u2' } })),
    );
    expect(await confirmSignup({ token: 'A'.repeat(43) })).toEqual({ ok: true, user: { id: 'u2' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { message: 'This link has expired', fields: { token: 'This link has expired' } })),
    );
    expect(await confirmSignup({ token: 'A'.repeat(43) })).toEqual({
      ok: false,
      message: null,
      fields: { token: 'This link has expired' },
    });
  });
});
