import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_LINK_UNUSABLE, signupLinkSent } from '../../src/domain/accounts/signup-confirmation';
import { WRONG_CREDENTIALS } from '../../src/server/accounts/sign-in';
import { SIGNUP_MESSAGES_PER_ADDRESS } from '../../src/server/routes/auth-routes';
import type { Database } from '../../src/server/db/database';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { buildTestAppWithDb, signUp } from './test-app';

const buyer = {
  name: 'Mwila Banda',
  email: 'mwila@example.zm',
  password: 'lusaka-2026',
  confirmPassword: 'lusaka-2026',
  userType: 'individual',
};

function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  return header.split(';')[0] ?? '';
}

describe('accounts', () => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as string, headers });

  it('signs a buyer up, active with the buyer role, in an httpOnly SameSite session cookie', async () => {
    const response = await signUp(app, buyer);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      id: expect.stringMatching(/^USR-\d{3,}$/),
      email: buyer.email,
      status: 'Active',
      userType: 'Customer',
      roles: ['buyer'],
    });
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^nambala_session=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(buyer.email);
  });

  it('tells the app who is signed in, a visitor being an answer (200, null) and not an error', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const signedIn = await post('/api/auth/login', { email: buyer.email, password: buyer.password });
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionCookieOf(signedIn) },
    });
    expect(session.json().user).toMatchObject({ email: buyer.email, roles: ['buyer'] });
  });

  it('makes no second account for an email, whatever its case, answering as for a new one and telling the owner', async () => {
    const before = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    const taken = await post('/api/auth/signup', { ...buyer, email: 'MWILA@example.zm' });
    const fresh = await post('/api/auth/signup', { ...buyer, email: 'new-person@example.zm' });
    expect(taken.statusCode).toBe(202);
    expect(fresh.statusCode).toBe(202);
    // The same words, but for the address itself.
    expect(taken.json().message).toBe(signupLinkSent('MWILA@example.zm'));
    expect(fresh.json().message).toBe(signupLinkSent('new-person@example.zm'));
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    // The owner is told how to get back in; the new address gets the link to finish.
    expect(taken.json().testMessage).toMatchObject({ subject: 'You already have a Nambala account', link: '/auth' });
    expect(fresh.json().testMessage.link).toMatch(/^\/auth\/confirm-email\?token=[\w-]{43}$/);
    // No account yet for either: the new one is made when its link is opened.
    expect(await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users')).toEqual(before);
    const queued = await db.query<{ user_id: string | null; recipient: string; kind: string }>(
      "SELECT user_id, recipient, kind FROM message_outbox WHERE kind LIKE 'account.%' ORDER BY id",
    );
    expect(queued.slice(-2)).toEqual([
      { user_id: expect.stringMatching(/^USR-/), recipient: buyer.email, kind: 'account.signup-existing' },
      { user_id: null, recipient: 'new-person@example.zm', kind: 'account.confirm-email' },
    ]);
  });

  it('finishes an account once per link: a used, unknown or voided link is refused and makes nothing', async () => {
    const email = 'twice@example.zm';
    const first = await post('/api/auth/signup', { ...buyer, email });
    const second = await post('/api/auth/signup', { ...buyer, email });
    const tokenOf = (answer: typeof first) => /token=([\w-]+)/.exec(answer.json().testMessage.link)?.[1] ?? '';
    // Asking again voids the earlier link.
    const voided = await post('/api/auth/signup/confirm', { token: tokenOf(first) });
    expect(voided.statusCode).toBe(400);
    expect(voided.json().message).toBe(SIGNUP_LINK_UNUSABLE);
    const made = await post('/api/auth/signup/confirm', { token: tokenOf(second) });
    expect(made.statusCode).toBe(201);
    expect(made.json().user).toMatchObject({ email, status: 'Active', roles: ['buyer'] });
    const again = await post('/api/auth/signup/confirm', { token: tokenOf(second) });
    expect(again.statusCode).toBe(400);
    expect((await post('/api/auth/signup/confirm', { token: 'A'.repeat(43) })).json().message).toBe(
      SIGNUP_LINK_UNUSABLE,
    );
    expect((await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email])).length).toBe(1);
  });

  it('sends at most 3 messages an hour to one email, answering the same after that', async () => {
    const email = 'flooded@example.zm';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(await post('/api/auth/signup', { ...buyer, email }));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.json().message)).size).toBe(1);
    const sent = await db.query('SELECT 1 FROM message_outbox WHERE recipient = $1', [email]);
    expect(sent.length).toBe(3);
  });

  it('keeps agents and officers pending, without their role, with their business details', async () => {
    const agent = await signUp(app, {
      ...buyer,
      email: 'shop@example.zm',
      userType: 'agent',
      businessName: 'Cairo Road Plates',
      licenseNumber: 'PM-0042',
    });
    expect(agent.statusCode).toBe(201);
    expect(agent.json().user).toMatchObject({
      status: 'Pending',
      roles: [],
      requestedRole: 'agent',
      userType: 'AGENT',
      businessName: 'Cairo Road Plates',
      licenseNumber: 'PM-0042',
    });
    const officer = await signUp(app, { ...buyer, email: 'officer@example.zm', userType: 'law' });
    expect(officer.json().user).toMatchObject({ status: 'Pending', roles: [], requestedRole: 'police' });
  });

  it.each([
    [{ ...buyer, email: 'a@b.zm', confirmPassword: 'different-1' }, 'confirmPassword', 'Passwords do not match'],
    [
      { ...buyer, email: 'b@b.zm', userType: 'agent', businessName: 'Shop' },
      'businessName',
      'Agents must provide Business Name and License Number',
    ],
    [
      { ...buyer, email: 'c@b.zm', userType: 'corporate' },
      'businessName',
      'Corporate accounts must provide Business/Company Name',
    ],
    [
      { ...buyer, email: 'd@b.zm', password: 'short', confirmPassword: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
  ])('refuses a bad sign-up with the spec message (%#)', async (payload, field, message) => {
    const response = await post('/api/auth/signup', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrongPassword = await post('/api/auth/login', { email: buyer.email, password: 'not-the-password' });
    const unknownEmail = await post('/api/auth/login', { email: 'nobody@example.zm', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(WRONG_CREDENTIALS);
    expect(unknownEmail.json().message).toBe(WRONG_CREDENTIALS);
  });

  it('signs in with the right password and out again, ending the session', async () => {
    const login = await post('/api/auth/login', { email: buyer.email, password: buyer.password });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login);
    const logout = await post('/api/auth/logout', undefined, { cookie });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0');
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Please sign in to continue.');
  });

  it('locks an email after five failures, even for the right password, and says for how long', async () => {
    const email = 'locked@example.zm';
    await signUp(app, { ...buyer, email });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/auth/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await post('/api/auth/login', { email, password: buyer.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('refuses a cookie-authenticated write from another site', async () => {
    const response = await post('/api/auth/logout', undefined, {
      origin: 'https://evil.example',
      host: 'localhost:80',
    });
    expect(response.statusCode).toBe(403);
  });

  it('ends a session after 7 days without use, and after 30 days in all', async () => {
    const idle = await post('/api/auth/login', { email: buyer.email, password: buyer.password });
    const whole = await post('/api/auth/login', { email: buyer.email, password: buyer.password });
    const idleCookie = sessionCookieOf(idle);
    const wholeCookie = sessionCookieOf(whole);
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me(idleCookie)).statusCode).toBe(200);
    const { hashToken } = await import('../../src/server/repositories/session-repository');
    const tokenOf = (cookie: string) => hashToken(cookie.split('=')[1] ?? '');
    await db.query("UPDATE sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE token_hash = $1", [
      tokenOf(idleCookie),
    ]);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
      tokenOf(wholeCookie),
    ]);
    expect((await me(idleCookie)).statusCode).toBe(401);
    expect((await me(wholeCookie)).statusCode).toBe(401);
  });

  it('writes a session in use at most once a minute, and keeps sliding its idle expiry', async () => {
    const cookie = sessionCookieOf(await post('/api/auth/login', { email: buyer.email, password: buyer.password }));
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const { hashToken } = await import('../../src/server/repositories/session-repository');
    const token = hashToken(cookie.split('=')[1] ?? '');
    const seen = async (ago: string) => {
      await db.query(`UPDATE sessions SET last_seen_at = now() - interval '${ago}' WHERE token_hash = $1`, [token]);
      for (let request = 0; request < 5; request += 1) expect((await me()).statusCode).toBe(200);
      const [row] = await db.query<{ age: number }>(
        'SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM sessions WHERE token_hash = $1',
        [token],
      );
      return row?.age ?? -1;
    };
    // Seen half a minute ago: five requests write nothing.
    expect(await seen('30 seconds')).toBeGreaterThanOrEqual(29);
    // Seen over a minute ago (or nearly seven days ago): the first request writes it anew.
    expect(await seen('61 seconds')).toBeLessThan(5);
    expect(await seen('6 days 23 hours')).toBeLessThan(5);
  });

  it('records sign-ups, sign-ins and failed sign-ins in the audit trail, never the password', async () => {
    const entries = await auditRepository(db).recent(100);
    const actions = entries.map((entry) => `${entry.action}:${entry.outcome}`);
    expect(actions).toContain('account.signup:success');
    expect(actions).toContain('auth.sign-in:success');
    expect(actions).toContain('auth.sign-in:failure');
    expect(actions).toContain('auth.sign-out:success');
    expect(JSON.stringify(entries)).not.toContain(buyer.password);
    expect(JSON.stringify(entries)).not.toContain('wrong-password');
  });
});

describe('sign-up messages a stranger could aim at someone', () => {
  it('never puts the name typed into the confirmation sent to an email nobody has confirmed', async () => {
    const { app } = await buildTestAppWithDb();
    try {
      const bait = 'Your card is blocked. Call +260 977 000000 now';
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: bait,
          email: 'target@example.zm',
          password: 'lusaka-2026',
          confirmPassword: 'lusaka-2026',
          userType: 'individual',
        },
      });
      expect(answer.statusCode).toBe(202);
      expect(answer.json().testMessage.body).toMatch(/^Hello,\n\nOpen the link/);
      expect(answer.json().testMessage.body).not.toContain('card is blocked');
    } finally {
      await app.close();
    }
  });

  it(`sends at most ${SIGNUP_MESSAGES_PER_ADDRESS.max} an hour from one client address, to any emails`, async () => {
    const { app } = await buildTestAppWithDb({ authRateLimit: 1000 });
    try {
      const signUpAs = (index: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: {
            name: 'Mwila Banda',
            email: `spray-${index}@example.zm`,
            password: 'lusaka-2026',
            confirmPassword: 'lusaka-2026',
            userType: 'individual',
          },
        });
      for (let index = 0; index < SIGNUP_MESSAGES_PER_ADDRESS.max; index += 1)
        expect((await signUpAs(index)).statusCode).toBe(202);
      const refused = await signUpAs(SIGNUP_MESSAGES_PER_ADDRESS.max);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Too many sign-ups from this address in the last hour. Try again in 60 minutes.',
      );
    } finally {
      await app.close();
    }
  });
});

describe('demo accounts', () => {
  it('seeds one account per role that can sign in with its listed password', async () => {
    const { DEMO_ACCOUNTS } = await import('../../src/server/seed/demo-accounts');
    const { app } = await buildTestAppWithDb({ seedDemo: true });
    try {
      for (const account of DEMO_ACCOUNTS) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password: account.password },
        });
        expect(response.statusCode, account.email).toBe(200);
        expect(response.json().user.roles).toEqual(account.roles);
      }
    } finally {
      await app.close();
    }
  }, 60_000);
});
