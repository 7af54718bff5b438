/**
 * A stolen session is not a takeover: the email and phone change only with the current
 * password; a new email only from the link sent to it, the old address told at once and able
 * to undo the change for 7 days (every session then ends); the sync path cannot change either.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_NEEDS_PASSWORD,
  EMAIL_CHANGE_LINK_UNUSABLE,
  emailChanged,
  emailChangeSent,
  emailChangeUndone,
  NOTHING_TO_CHANGE,
  PHONE_CHANGED,
} from '#domain/accounts/contact-change';
import type { Database } from '../../src/server/db/database';
import { WRONG_CURRENT_PASSWORD } from '../../src/server/routes/user-routes';
import { buildTestAppWithDb, signUp } from './test-app';

const PASSWORD = 'lusaka-2026';

describe('changing the email or phone of an account', () => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
  async function account(email: string): Promise<string> {
    const response = await signUp(app, {
      name: 'Mwila Banda',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userType: 'individual',
    });
    expect(response.statusCode).toBe(201);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const emailOf = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user?.email as
      string | undefined;
  const sentTo = (recipient: string) =>
    db.query<{ kind: string; body: string; link: string | null }>(
      'SELECT kind, body, link FROM message_outbox WHERE recipient = $1 ORDER BY id',
      [recipient],
    );
  const tokenIn = (link: string | null | undefined) => new URL(`http://x${link ?? ''}`).searchParams.get('token') ?? '';
  const push = async (cookie: string, payload: object) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie },
        payload: { clientId: 'phone', mutations: [{ id: randomUUID(), intent: 'updateProfile', payload }] },
      })
    ).json().results[0];

  it('refuses an email or phone change through the session alone, and a wrong password', async () => {
    const cookie = await account('held@example.zm');
    expect(await push(cookie, { name: 'Mwila Banda', email: 'thief@example.zm', phone: '' })).toMatchObject({
      outcome: 'rejected',
      status: 403,
      message: CONTACT_NEEDS_PASSWORD,
    });
    expect(await push(cookie, { name: 'Mwila Banda', email: 'held@example.zm', phone: '0977000111' })).toMatchObject({
      outcome: 'rejected',
      status: 403,
      message: CONTACT_NEEDS_PASSWORD,
    });
    // The name is the session's to change.
    expect(await push(cookie, { name: 'Mwila M. Banda', email: 'held@example.zm', phone: '' })).toMatchObject({
      outcome: 'applied',
    });
    const wrong = await post(
      '/api/auth/contact',
      { email: 'thief@example.zm', phone: '', currentPassword: 'not-it' },
      cookie,
    );
    expect(wrong.json()).toMatchObject({
      statusCode: 400,
      message: WRONG_CURRENT_PASSWORD,
      fields: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
    expect(
      (
        await post('/api/auth/contact', { email: 'held@example.zm', phone: '', currentPassword: PASSWORD }, cookie)
      ).json(),
    ).toMatchObject({ statusCode: 400, message: NOTHING_TO_CHANGE });
    expect(await emailOf(cookie)).toBe('held@example.zm');
    expect(await sentTo('thief@example.zm')).toEqual([]);
  });

  it('changes the phone at once with the password, telling the account', async () => {
    const cookie = await account('phone@example.zm');
    const changed = await post(
      '/api/auth/contact',
      { email: 'phone@example.zm', phone: '097 712 3400', currentPassword: PASSWORD },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: PHONE_CHANGED, user: { phone: '+260977123400' } });
    expect((await sentTo('phone@example.zm')).map((message) => message.kind)).toContain('phone-changed');
  });

  it('changes the email only from the link sent to it; the old address is told, and can undo it: every session ends', async () => {
    const cookie = await account('old@example.zm');
    const asked = await post(
      '/api/auth/contact',
      { email: 'New@Example.zm', phone: '', currentPassword: PASSWORD },
      cookie,
    );
    expect(asked.json()).toMatchObject({ message: emailChangeSent('New@Example.zm', 'old@example.zm') });
    // Nothing changes until the new address opens its link.
    expect(await emailOf(cookie)).toBe('old@example.zm');
    expect((await sentTo('old@example.zm')).at(-1)?.body).toContain('asked to change its email to New@Example.zm');
    const [confirm] = await sentTo('New@Example.zm');
    expect(confirm?.link).toMatch(/^\/auth\/email-change\?action=confirm&token=[\w-]{43}$/);

    expect((await post('/api/auth/email-change/confirm', { token: tokenIn(confirm?.link) })).json()).toEqual({
      message: emailChanged('New@Example.zm'),
    });
    expect(await emailOf(cookie)).toBe('New@Example.zm');
    expect((await post('/api/auth/email-change/confirm', { token: tokenIn(confirm?.link) })).json()).toMatchObject({
      statusCode: 409,
      message: EMAIL_CHANGE_LINK_UNUSABLE,
    });

    const undo = (await sentTo('old@example.zm')).at(-1);
    expect(undo?.link).toMatch(/^\/auth\/email-change\?action=undo&token=[\w-]{43}$/);
    expect((await post('/api/auth/email-change/undo', { token: tokenIn(undo?.link) })).json()).toEqual({
      message: emailChangeUndone('old@example.zm'),
    });
    // Whoever changed it is signed out everywhere; the account answers to its old email.
    expect(await emailOf(cookie)).toBeUndefined();
    expect((await post('/api/auth/login', { email: 'old@example.zm', password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers a new email another account uses as any other, and tells that address that nothing changed', async () => {
    await account('taken@example.zm');
    const cookie = await account('mover@example.zm');
    const asked = await post(
      '/api/auth/contact',
      { email: 'taken@example.zm', phone: '', currentPassword: PASSWORD },
      cookie,
    );
    expect(asked.json()).toMatchObject({ message: emailChangeSent('taken@example.zm', 'mover@example.zm') });
    const notes = await sentTo('taken@example.zm');
    expect(notes.at(-1)).toMatchObject({ kind: 'account.email-change-note', link: null });
    expect(notes.at(-1)?.body).toContain('Nothing has changed');
    expect(await emailOf(cookie)).toBe('mover@example.zm');
  });

  it('lists the account’s sessions with their devices, and signs another one out; nobody else’s', async () => {
    const phone = await account('devices@example.zm');
    const laptop =
      String(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'devices@example.zm', password: PASSWORD },
            headers: {
              'user-agent':
                'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
            },
          })
        ).headers['set-cookie'],
      ).split(';')[0] ?? '';
    const listed = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: phone } })).json()
      .sessions as Array<{ id: string; device: string; isCurrent: boolean }>;
    expect(listed).toHaveLength(2);
    expect(listed.find((session) => session.isCurrent)).toBeDefined();
    const other = listed.find((session) => !session.isCurrent);
    expect(other?.device).toBe('Chrome on Windows');
    // Another account cannot end it.
    const stranger = await account('not-yours@example.zm');
    expect((await post(`/api/auth/sessions/${other?.id ?? ''}/end`, {}, stranger)).statusCode).toBe(404);
    expect((await post(`/api/auth/sessions/${other?.id ?? ''}/end`, {}, phone)).statusCode).toBe(204);
    expect(await emailOf(laptop)).toBeUndefined();
    expect(await emailOf(phone)).toBe('devices@example.zm');
  });
});
