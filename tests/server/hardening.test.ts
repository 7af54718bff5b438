// Hardening. Sign-in that holds under concurrent attack: failed attempts are counted before any
// verdict, so guesses sent at the same moment cannot all be checked; an unknown email costs a
// real hash, so the answer's timing does not say whether an account exists; and a NUL byte in
// an address is a 400, not a database error.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_EASY } from '../../src/server/auth/password-strength';
import {
  hashesRunning,
  hashPassword,
  MAX_PARALLEL_HASHES,
  UNKNOWN_USER_HASH,
  verifyPassword,
} from '../../src/server/auth/passwords';
import { buildApp } from '../../src/server/app';
import { loadConfig, parseTrustProxy } from '../../src/server/config';
import { type Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { SIGN_IN_POLICY } from '../../src/server/accounts/sign-in';
import { CONTROL_TEXT_MESSAGE } from '../../src/server/plugins/json-body';
import { REFUSAL_DELAY_MS } from '../../src/server/plugins/auth-rate-limit';
import { FOREIGN_ROW_ID } from '../../src/server/sync/intent';
import { blanksOf, givePlatesToShop, plateBlanks } from './shop-orders';
import { buildTestAppWithDb, signUp, openTestDatabase } from './test-app';

const PASSWORD = 'lusaka-2026';

describe('the stand-in hash for an unknown email', () => {
  it('is a real scrypt hash: checking a password against it costs as much as against an account’s', async () => {
    // scrypt's work is set by its parameters and the sizes of its salt and key: the same parts
    // as an account's hash make the same work, on any machine (timing it on a shared machine
    // only measures the machine). Before, the unknown case returned at once.
    const parts = (hash: string) => {
      const [scheme, n, r, p, salt = '', key = ''] = hash.split('$');
      return { scheme, n, r, p, salt: Buffer.from(salt, 'base64').length, key: Buffer.from(key, 'base64').length };
    };
    const real = parts(await hashPassword(PASSWORD));
    expect(real).toMatchObject({ scheme: 'scrypt', n: String(2 ** 15), r: '8', p: '1' });
    expect(parts(UNKNOWN_USER_HASH)).toEqual(real);
    expect(await verifyPassword('', UNKNOWN_USER_HASH)).toBe(false);
    expect(await verifyPassword(PASSWORD, UNKNOWN_USER_HASH)).toBe(false);
  });
});

describe('sign-in under concurrent guesses', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  const signUpAs = (email: string) =>
    signUp(app, { name: 'Mwila Banda', email, password: PASSWORD, confirmPassword: PASSWORD, userType: 'individual' });
  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it(`lets at most ${SIGN_IN_POLICY.maxFailures} of 40 wrong guesses sent at once be checked; the rest get 429`, async () => {
    await signUpAs('guessed@example.zm');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => login('guessed@example.zm', `wrong-guess-${index}`)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(SIGN_IN_POLICY.maxFailures);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(40 - SIGN_IN_POLICY.maxFailures);
    expect(codes.every((code) => code === 401 || code === 429)).toBe(true);
  });

  it('does not let the right password through after the guesses sent with it have used up the attempts', async () => {
    await signUpAs('raced@example.zm');
    const guesses = Array.from({ length: 30 }, (_, index) => login('raced@example.zm', `wrong-guess-${index}`));
    const answers = await Promise.all(guesses);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThan(0);
    // The email is locked now, even for its right password.
    expect((await login('raced@example.zm', PASSWORD)).statusCode).toBe(429);
  });
});

describe('a NUL byte in the address', () => {
  let app: FastifyInstance;
  let cookie = '';
  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb());
    const signup = await signUp(app, {
      name: 'Mwila Banda',
      email: 'nul@example.zm',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userType: 'individual',
    });
    cookie = String(signup.headers['set-cookie']).split(';')[0] ?? '';
  });
  afterAll(() => app.close());

  it.each([
    '/api/payments/abc%00def',
    '/api/listings/abc%00def',
    '/api/applications/abc%00def',
    '/api/verification/ZM%00-1',
    '/api/payments?x=%00',
  ])('answers %s with a 400 that says why', async (url) => {
    const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The address must not contain the NUL character (%00).');
  });
});

describe('a push with one change the database could not store', () => {
  let app: FastifyInstance;
  let db: Database;
  let agent = '';
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agent@nambala.zm', password: 'Agent#2026' },
    });
    agent = String(login.headers['set-cookie']).split(';')[0] ?? '';
  }, 60_000);
  afterAll(() => app.close());

  const blanks = (receivedDate: string) => ({
    id: randomUUID(),
    itemType: 'Plate Blanks',
    quantity: 10,
    batchNumber: 'B-0001',
    receivedDate,
    allocationId: null,
  });

  it('refuses that change alone, with a reason, and applies the changes sent after it', async () => {
    const poisoned = blanks('0000-01-01');
    const later = blanks('2026-11-20');
    const answer = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: agent },
      payload: {
        clientId: 'tablet',
        mutations: [
          { id: randomUUID(), intent: 'recordInventoryItem', payload: poisoned },
          { id: randomUUID(), intent: 'recordInventoryItem', payload: later },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    const [first, second] = answer.json().results;
    expect(first).toMatchObject({
      outcome: 'rejected',
      status: 400,
      message: 'Received date must be in 1900 or later',
    });
    expect(second).toMatchObject({ outcome: 'applied' });
    const stored = await db.query<{ id: string }>('SELECT id FROM agent_inventory_items WHERE id = ANY($1::text[])', [
      [poisoned.id, later.id],
    ]);
    expect(stored.map((row) => row.id)).toEqual([later.id]);
  });

  it('refuses a change whose text holds a control character alone, and applies the changes sent with it', async () => {
    const escaped = { ...blanks('2026-11-20'), batchNumber: 'B-\u001b[2J' };
    const later = blanks('2026-11-21');
    const answer = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: agent },
      payload: {
        clientId: 'tablet',
        mutations: [
          { id: randomUUID(), intent: 'recordInventoryItem', payload: escaped },
          { id: randomUUID(), intent: 'recordInventoryItem', payload: later },
        ],
      },
    });
    expect(answer.statusCode).toBe(200);
    const [first, second] = answer.json().results;
    expect(first).toMatchObject({ outcome: 'rejected', status: 400, message: CONTROL_TEXT_MESSAGE });
    expect(second).toMatchObject({ outcome: 'applied' });
    const stored = await db.query<{ id: string }>('SELECT id FROM agent_inventory_items WHERE id = ANY($1::text[])', [
      [escaped.id, later.id],
    ]);
    expect(stored.map((row) => row.id)).toEqual([later.id]);
  });

  it('refuses the whole push when its own clientId holds a control character', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: agent },
      payload: {
        clientId: 'tablet\u0007',
        mutations: [{ id: randomUUID(), intent: 'recordInventoryItem', payload: blanks('2026-11-22') }],
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('clientId must not contain control characters');
  });
});

describe('forwarded headers', () => {
  const wrongSignIn = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.zm', password: 'wrong-guess-1' },
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.7',
    });
  const auditedIp = async (db: Database) =>
    (
      await db.query<{ ip: string }>("SELECT ip FROM audit_log WHERE action = 'auth.sign-in' ORDER BY id DESC LIMIT 1")
    )[0]?.ip;

  it('are ignored by default: the audit trail records the real peer, not what a client claims', async () => {
    const { app, db } = await buildTestAppWithDb();
    try {
      await wrongSignIn(app);
      expect(await auditedIp(db)).toBe('198.51.100.7');
    } finally {
      await app.close();
    }
  });

  it('are believed from a proxy named in TRUST_PROXY, and only from it', async () => {
    const db = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig(
        { TRUST_PROXY: '198.51.100.7' },
        { dataDir: 'memory://', seedDemo: false, appDir: '/nonexistent', logLevel: 'silent', publicVerdictCacheMs: 0 },
      ),
      db,
      logger: false,
    });
    try {
      await wrongSignIn(app);
      expect(await auditedIp(db)).toBe('203.0.113.9');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('TRUST_PROXY names proxies; "true" (trust every client) is refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy(' 10.0.0.5, 10.0.1.0/24 ,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', 'loopback']);
    expect(() => parseTrustProxy('true')).toThrow(/name the proxies/);
  });
});

describe('a change that reuses another shop’s row id', () => {
  let app: FastifyInstance;
  let db: Database;
  let shop = '';
  let otherShop = '';
  let shopBlanks: ReturnType<typeof plateBlanks>;
  let otherShopBlanks: ReturnType<typeof plateBlanks>;
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agent@nambala.zm', password: 'Agent#2026' },
    });
    shop = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const other = await userRepository(db).create({
      email: 'othershop@example.zm',
      name: 'Other Shop',
      passwordHash: 'x',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Active',
      requestedRole: null,
      roles: ['agent'],
    });
    await sessionRepository(db).create('other-shop-session', other?.id ?? '', new Date(Date.now() + 3_600_000));
    otherShop = 'nambala_session=other-shop-session';
    // Each shop makes only numbers it was given: these are.
    await givePlatesToShop(db, 'agent@nambala.zm', ['ZM-901-HRD'], '123456/78/9', 1);
    await givePlatesToShop(db, 'othershop@example.zm', ['ZM-902-HRD'], '123456/78/9', 2);
    shopBlanks = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    otherShopBlanks = plateBlanks(await blanksOf(db, 'othershop@example.zm'));
  }, 60_000);
  afterAll(() => app.close());

  const push = (cookie: string, intent: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'tablet', mutations: [{ id: randomUUID(), intent, payload }] },
    });

  it('is refused with a reason, not answered "applied" and dropped, and the first shop’s row stays as it was', async () => {
    const item = {
      id: randomUUID(),
      itemType: 'Plate Blanks',
      quantity: 10,
      batchNumber: 'B-0001',
      receivedDate: '2026-11-20',
      allocationId: null,
    };
    expect((await push(shop, 'recordInventoryItem', item)).json().results[0]).toMatchObject({ outcome: 'applied' });
    // The same change sent again by its own shop is still fine.
    expect((await push(shop, 'recordInventoryItem', item)).json().results[0]).toMatchObject({ outcome: 'applied' });
    const stolen = await push(otherShop, 'recordInventoryItem', { ...item, quantity: 999 });
    expect(stolen.json().results[0]).toMatchObject({ outcome: 'rejected', status: 409, message: FOREIGN_ROW_ID });
    expect(await db.query('SELECT quantity, agent_id FROM agent_inventory_items WHERE id = $1', [item.id])).toEqual([
      { quantity: 10, agent_id: expect.not.stringMatching(/othershop/) },
    ]);

    const record = {
      id: randomUUID(),
      plateNumber: 'ZM-901-HRD',
      status: 'Printed',
      batchNumber: 'B-0002',
      productionDate: '2026-11-20',
      notes: '',
      ...shopBlanks('ZM-901-HRD'),
    };
    expect((await push(shop, 'recordManufacturing', record)).json().results[0]).toMatchObject({ outcome: 'applied' });
    const reused = await push(otherShop, 'recordManufacturing', {
      ...record,
      plateNumber: 'ZM-902-HRD',
      ...otherShopBlanks('ZM-902-HRD'),
    });
    expect(reused.json().results[0]).toMatchObject({ outcome: 'rejected', status: 409, message: FOREIGN_ROW_ID });
  });
});

describe('passwords easy to guess', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  it.each(['password', '12345678', '        ', 'P@ssw0rd', 'qwertyui'])(
    'refuses %j at sign-up with a message that says why',
    async (password) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          name: 'Mwila Banda',
          email: `weak-${randomUUID()}@example.zm`,
          password,
          confirmPassword: password,
          userType: 'individual',
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fields).toEqual({ password: PASSWORD_TOO_EASY });
    },
  );

  it('refuses one as a new password in Settings, before counting the attempt, and accepts three unrelated words', async () => {
    const signup = await signUp(app, {
      name: 'Mwila Banda',
      email: 'strong@example.zm',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userType: 'individual',
    });
    expect(signup.statusCode).toBe(201);
    const cookie = String(signup.headers['set-cookie']).split(';')[0] ?? '';
    const change = (newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { cookie },
        payload: { currentPassword: PASSWORD, newPassword, confirmPassword: newPassword },
      });
    expect((await change('12345678')).json().fields).toEqual({ newPassword: PASSWORD_TOO_EASY });
    expect((await change('mango-kettle-river')).statusCode).toBe(204);
  });
});

describe('the account routes’ limit per client address', () => {
  /** A wrong sign-in for a new email each time, from `remoteAddress`. */
  const wrongGuess = (app: FastifyInstance, index: number, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `someone-${index}@example.zm`, password: 'wrong-guess-1' },
      remoteAddress,
    });

  it('answers 429 with Retry-After once one address has made AUTH_RATE_LIMIT requests in a minute, whatever emails it tries, and not another address', async () => {
    const { app } = await buildTestAppWithDb({ authRateLimit: 10 });
    try {
      const attempt = (index: number, remoteAddress: string) => wrongGuess(app, index, remoteAddress);
      const codes: number[] = [];
      for (let index = 0; index < 12; index += 1) codes.push((await attempt(index, '198.51.100.20')).statusCode);
      expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
      const limited = await attempt(99, '198.51.100.20');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/^Too many requests from this address\. Try again in \d+ seconds?\.$/);
      expect((await attempt(100, '198.51.100.21')).statusCode).toBe(401);
      // Other routes are not limited.
      expect(
        (await app.inject({ method: 'GET', url: '/api/settings/pricing', remoteAddress: '198.51.100.20' })).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it(`makes an address already refused wait ${REFUSAL_DELAY_MS} ms for each further refusal, while another address is answered at once`, async () => {
    const { app } = await buildTestAppWithDb({ authRateLimit: 3 });
    try {
      const attempt = (index: number, remoteAddress: string) => wrongGuess(app, index, remoteAddress);
      for (let index = 0; index < 3; index += 1) expect((await attempt(index, '198.51.100.30')).statusCode).toBe(401);
      // The count refuses the fourth at once, and from then on the address waits.
      expect((await attempt(3, '198.51.100.30')).statusCode).toBe(429);
      const started = performance.now();
      let isHeldAnswered = false;
      const held = attempt(4, '198.51.100.30').then((answer) => {
        isHeldAnswered = true;
        return { answer, after: performance.now() - started };
      });
      // Meanwhile the server answers others: another address on the same route (a sign-in it
      // refuses before any password is checked), and this address elsewhere.
      const [other, elsewhere] = await Promise.all([
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'not an email', password: '' },
          remoteAddress: '198.51.100.31',
        }),
        app.inject({ method: 'GET', url: '/api/settings/pricing', remoteAddress: '198.51.100.30' }),
      ]);
      expect(other.statusCode).toBe(400);
      expect(elsewhere.statusCode).toBe(200);
      expect(isHeldAnswered).toBe(false);
      const { answer, after } = await held;
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(/^Too many requests from this address\. Try again in \d+ seconds?\.$/);
      expect(after).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 2);
    } finally {
      await app.close();
    }
  });
});

describe('password hashing under a flood', () => {
  it(`runs at most ${MAX_PARALLEL_HASHES} hashes at once, the rest in turn, every one answered`, async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashesRunning())), 1);
    try {
      const hashes = await Promise.all(Array.from({ length: 8 }, (_, index) => hashPassword(`flood-pass-${index}`)));
      expect(new Set(hashes).size).toBe(8);
      expect(await verifyPassword('flood-pass-3', hashes[3] ?? '')).toBe(true);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_PARALLEL_HASHES);
    expect(hashesRunning()).toBe(0);
  });
});
