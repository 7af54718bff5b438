/**
 * The administrator's user management and a user's own account changes, through
 * the sync push (intents addUser, editUser, deleteUser, updateProfile,
 * markNotificationsRead, sendContactMessage) and the account routes
 * (GET /api/admin/users, GET /api/notifications, POST /api/auth/password).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../src/domain/accounts/profile';
import { CONTACT_NEEDS_PASSWORD } from '../../src/domain/accounts/contact-change';
import { LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGE } from '../../src/domain/accounts/user-admin';
import type { Role } from '../../src/domain/accounts/permissions';
import type { UserStatus, UserType } from '../../src/domain/statuses/statuses';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { acceptInvitation, buildTestAppWithDb, signUp } from './test-app';

const EMAIL_TAKEN = 'An account with this email already exists.';
const ADMIN_PASSWORD = 'admin-pass-2026';
const BUYER_PASSWORD = 'lusaka-2026';

interface Answer {
  id: string;
  outcome: 'applied' | 'rejected';
  status?: number;
  message?: string;
  fields?: Record<string, string>;
  data?: Record<string, string | number | boolean | null>;
}

interface Mutation {
  id: string;
  intent: string;
  payload: unknown;
}

interface ListedUser {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  userType: string;
  status: string;
  roles: string[];
}

function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  return header.split(';')[0] ?? '';
}

const mutation = (intent: string, payload: unknown, id: string = randomUUID()): Mutation => ({ id, intent, payload });

/** One app and database with the helpers every test here needs. */
function harness() {
  const h = {
    app: undefined as unknown as FastifyInstance,
    db: undefined as unknown as Database,
    adminHash: '',
  };
  let emailNumber = 0;

  const post = (url: string, payload: unknown, cookie?: string) =>
    h.app.inject({ method: 'POST', url, payload: payload as string, headers: cookie ? { cookie } : {} });
  const get = (url: string, cookie?: string) => h.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  return {
    h,
    post,
    get,
    uniqueEmail: (label: string) => `${label}-${(emailNumber += 1)}@example.zm`,

    async start() {
      ({ app: h.app, db: h.db } = await buildTestAppWithDb());
      h.adminHash ||= await hashPassword(ADMIN_PASSWORD);
    },

    /** A user written straight into the database (the password is ADMIN_PASSWORD). */
    async createUser(
      email: string,
      userType: UserType,
      status: UserStatus,
      roles: Role[],
    ): Promise<{ id: string; cookie: string; email: string }> {
      const created = await userRepository(h.db).create({
        email,
        name: `${userType} ${email}`,
        passwordHash: h.adminHash,
        accountType: 'individual',
        userType,
        status,
        requestedRole: null,
        roles,
      });
      if (!created) throw new Error(`could not create ${email}`);
      const token = randomBytes(32).toString('base64url');
      await sessionRepository(h.db).create(token, created.id, new Date(Date.now() + 3600_000));
      return { id: created.id, email, cookie: `nambala_session=${token}` };
    },

    async signup(
      email: string,
      extra: Record<string, string> = {},
    ): Promise<{ id: string; cookie: string; email: string }> {
      const response = await signUp(h.app, {
        name: 'Mwila Banda',
        email,
        password: BUYER_PASSWORD,
        confirmPassword: BUYER_PASSWORD,
        userType: 'individual',
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(201);
      return { id: response.json().user.id, cookie: sessionCookieOf(response), email };
    },

    async push(cookie: string | undefined, mutations: Mutation[], clientId = 'device-1') {
      return post('/api/sync/push', { clientId, mutations }, cookie);
    },

    async pushOne(cookie: string | undefined, m: Mutation, clientId = 'device-1'): Promise<Answer> {
      const response = await post('/api/sync/push', { clientId, mutations: [m] }, cookie);
      expect(response.statusCode, response.body).toBe(200);
      const results = response.json().results as Answer[];
      expect(results).toHaveLength(1);
      return results[0] as Answer;
    },

    async listUsers(cookie: string): Promise<ListedUser[]> {
      const response = await get('/api/admin/users', cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().users as ListedUser[];
    },

    async userCount(): Promise<number> {
      return userRepository(h.db).count();
    },

    async appliedCount(): Promise<number> {
      const [row] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM applied_mutations');
      return row?.n ?? 0;
    },

    async activeAdmins(): Promise<number> {
      const [row] = await h.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM users WHERE user_type = 'ADMIN' AND status = 'Active'",
      );
      return row?.n ?? 0;
    },
  };
}

const details = (
  user: { email: string },
  overrides: Partial<{ name: string; email: string; userType: UserType; status: UserStatus }> = {},
) => ({
  name: 'Someone',
  email: user.email,
  userType: 'Customer' as UserType,
  status: 'Active' as UserStatus,
  ...overrides,
});

describe('user management through the sync push', () => {
  const t = harness();
  let admin: { id: string; cookie: string; email: string };

  beforeAll(async () => {
    await t.start();
    admin = await t.createUser('boss@example.zm', 'ADMIN', 'Active', ['admin']);
  });
  afterAll(() => t.h.app.close());

  const newUser = (email: string, overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Chanda Phiri',
    email,
    userType: 'AGENT',
    status: 'Active',
    ...overrides,
  });

  it('adds a user with an administrator-chosen type, invites them by a link to choose their own password, and audits it', async () => {
    const email = t.uniqueEmail('chanda');
    const answer = await t.pushOne(admin.cookie, mutation('addUser', newUser(email)));
    expect(answer).toMatchObject({ outcome: 'applied', data: { userId: expect.stringMatching(/^USR-\d{3,}$/) } });
    const userId = answer.data?.userId as string;

    const listed = (await t.listUsers(admin.cookie)).find((user) => user.id === userId);
    expect(listed).toMatchObject({
      email,
      name: 'Chanda Phiri',
      userType: 'AGENT',
      status: 'Active',
      roles: ['agent'],
    });

    // No password was given: the invitation in the outbox is the only way in, and it works once.
    const invitation = await t.h.db.query<{ subject: string; body: string; link: string }>(
      "SELECT subject, body, link FROM message_outbox WHERE kind = 'account.invitation' AND recipient = $1",
      [email],
    );
    expect(invitation).toHaveLength(1);
    expect(invitation[0]?.link).toMatch(/^\/auth\/reset-password\?token=[\w-]{43}&welcome=1$/);
    expect(invitation[0]?.body).toContain('choose your password');
    const chosen = await acceptInvitation(t.h.app, t.h.db, email, 'my-own-pass-7');
    expect(chosen.statusCode, chosen.body).toBe(204);
    const login = await t.post('/api/auth/login', { email, password: 'my-own-pass-7' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ id: userId, roles: ['agent'] });
    expect((await acceptInvitation(t.h.app, t.h.db, email, 'another-pass-8')).statusCode).toBe(400);

    const audit = await t.h.db.query<{ actor_id: string; detail: Record<string, unknown> }>(
      "SELECT actor_id, detail FROM audit_log WHERE action = 'user.add' AND target = $1",
      [userId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      detail: { userType: 'AGENT', status: 'Active', invited: true },
    });
    expect(JSON.stringify(audit)).not.toContain('my-own-pass-7');
  });

  it.each([
    ['Customer', 'Active', ['buyer']],
    ['POLICE', 'Active', ['police']],
    ['INSURANCE_AGENT', 'Suspended', ['insurance_agent']],
    ['ADMIN', 'Pending', []],
  ] as const)('gives an added %s user with status %s the roles %j', async (userType, status, roles) => {
    const answer = await t.pushOne(
      admin.cookie,
      mutation('addUser', newUser(t.uniqueEmail('typed'), { userType, status })),
    );
    expect(answer.outcome).toBe('applied');
    const listed = (await t.listUsers(admin.cookie)).find((user) => user.id === answer.data?.userId);
    expect(listed?.roles).toEqual(roles);
  });

  it('refuses to add a user whose email is already taken, whatever its case, with 409 on the email field', async () => {
    const email = t.uniqueEmail('taken');
    expect((await t.pushOne(admin.cookie, mutation('addUser', newUser(email)))).outcome).toBe('applied');
    const before = await t.userCount();
    const answer = await t.pushOne(admin.cookie, mutation('addUser', newUser(email.toUpperCase())));
    expect(answer).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: EMAIL_TAKEN,
      fields: { email: EMAIL_TAKEN },
    });
    expect(await t.userCount()).toBe(before);
  });

  it('answers a replayed mutation with the identical answer and changes nothing', async () => {
    const m = mutation('addUser', newUser(t.uniqueEmail('replay')));
    const first = await t.push(admin.cookie, [m]);
    const count = await t.userCount();
    const second = await t.push(admin.cookie, [m]);
    const third = await t.push(admin.cookie, [m], 'another-device-of-the-same-admin');
    expect(first.statusCode).toBe(200);
    expect(first.json().results[0].outcome).toBe('applied');
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(await t.userCount()).toBe(count);
  });

  it('replays a rejection as the same rejection, even once the cause is gone', async () => {
    const m = mutation('editUser', { id: 'USR-999999', ...details({ email: 'ghost@example.zm' }) });
    const first = await t.pushOne(admin.cookie, m);
    expect(first).toMatchObject({ outcome: 'rejected', status: 404 });
    expect(await t.pushOne(admin.cookie, m)).toEqual(first);
  });

  it('refuses with 409 a mutation id already used by another signed-in account, without applying it', async () => {
    const m = mutation('addUser', newUser(t.uniqueEmail('first-owner')));
    expect((await t.pushOne(admin.cookie, m)).outcome).toBe('applied');
    const otherAdmin = await t.createUser(t.uniqueEmail('other-admin'), 'ADMIN', 'Active', ['admin']);
    const count = await t.userCount();
    const reused = { ...m, payload: newUser(t.uniqueEmail('second-owner')) };
    const answer = await t.pushOne(otherAdmin.cookie, reused);
    expect(answer).toMatchObject({
      id: m.id,
      outcome: 'rejected',
      status: 409,
      message: expect.stringMatching(/another account/),
    });
    expect(await t.userCount()).toBe(count);
  });

  it('approves a pending agent: the agent role is granted and they get an account.approved notification', async () => {
    const agent = await t.signup(t.uniqueEmail('plates'), {
      userType: 'agent',
      businessName: 'Cairo Road Plates',
      licenseNumber: 'PM-0042',
    });
    const pending = (await t.listUsers(admin.cookie)).find((user) => user.id === agent.id);
    expect(pending).toMatchObject({ status: 'Pending', userType: 'AGENT', roles: [] });
    expect((await t.get('/api/notifications', agent.cookie)).json().notifications).toEqual([]);

    const answer = await t.pushOne(
      admin.cookie,
      mutation('editUser', {
        id: agent.id,
        ...details(agent, { name: 'Mwila Banda', userType: 'AGENT', status: 'Active' }),
      }),
    );
    expect(answer).toEqual({ id: expect.any(String), outcome: 'applied' });

    const approved = (await t.listUsers(admin.cookie)).find((user) => user.id === agent.id);
    expect(approved).toMatchObject({ status: 'Active', roles: ['agent'] });
    const me = await t.get('/api/auth/me', agent.cookie);
    expect(me.json().user.roles).toEqual(['agent']);

    const notifications = (await t.get('/api/notifications', agent.cookie)).json().notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'account.approved',
      title: 'Your account has been approved',
      readAt: null,
      body: expect.stringContaining('plate maker (agent)'),
    });

    const audit = await t.h.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'user.edit' AND target = $1",
      [agent.id],
    );
    expect(audit[0]?.detail).toEqual({ status: { from: 'Pending', to: 'Active' } });
  });

  it('editing an already active user does not notify them again', async () => {
    const buyer = await t.createUser(t.uniqueEmail('quiet'), 'Customer', 'Active', ['buyer']);
    expect(
      (await t.pushOne(admin.cookie, mutation('editUser', { id: buyer.id, ...details(buyer, { name: 'Renamed' }) })))
        .outcome,
    ).toBe('applied');
    expect((await t.get('/api/notifications', buyer.cookie)).json().notifications).toEqual([]);
  });

  it('suspending a user ends their sessions at once and they cannot sign in again (403)', async () => {
    const buyer = await t.signup(t.uniqueEmail('suspend-me'));
    const secondDevice = await t.post('/api/auth/login', { email: buyer.email, password: BUYER_PASSWORD });
    expect(secondDevice.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', buyer.cookie)).statusCode).toBe(200);

    const answer = await t.pushOne(
      admin.cookie,
      mutation('editUser', { id: buyer.id, ...details(buyer, { status: 'Suspended' }) }),
    );
    expect(answer.outcome).toBe('applied');

    expect((await t.get('/api/auth/me', buyer.cookie)).statusCode).toBe(401);
    expect((await t.get('/api/auth/me', sessionCookieOf(secondDevice))).statusCode).toBe(401);
    const [sessions] = await t.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
      buyer.id,
    ]);
    expect(sessions?.n).toBe(0);
    const login = await t.post('/api/auth/login', { email: buyer.email, password: BUYER_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/not active/);
  });

  it('setting a user Inactive also ends their sessions', async () => {
    const buyer = await t.signup(t.uniqueEmail('inactive'));
    expect(
      (await t.pushOne(admin.cookie, mutation('editUser', { id: buyer.id, ...details(buyer, { status: 'Inactive' }) })))
        .outcome,
    ).toBe('applied');
    expect((await t.get('/api/auth/me', buyer.cookie)).statusCode).toBe(401);
  });

  it('refuses to edit a user onto an email another account has (any case), changing nothing', async () => {
    const one = await t.createUser(t.uniqueEmail('one'), 'Customer', 'Active', ['buyer']);
    const two = await t.createUser(t.uniqueEmail('two'), 'Customer', 'Active', ['buyer']);
    const answer = await t.pushOne(
      admin.cookie,
      mutation('editUser', { id: two.id, ...details(two, { email: one.email.toUpperCase(), status: 'Suspended' }) }),
    );
    expect(answer).toMatchObject({ outcome: 'rejected', status: 409, fields: { email: EMAIL_TAKEN } });
    const listed = (await t.listUsers(admin.cookie)).find((user) => user.id === two.id);
    expect(listed).toMatchObject({ email: two.email, status: 'Active' });
    expect((await t.get('/api/auth/me', two.cookie)).statusCode).toBe(200);
  });

  it('editing a user who no longer exists is refused with 404', async () => {
    const answer = await t.pushOne(
      admin.cookie,
      mutation('editUser', { id: 'USR-424242', ...details({ email: t.uniqueEmail('nobody') }) }),
    );
    expect(answer).toMatchObject({
      outcome: 'rejected',
      status: 404,
      message: expect.stringMatching(/no longer exists/),
    });
  });

  it('deletes a user: they leave the list, their sessions end, and the deletion is audited', async () => {
    const buyer = await t.signup(t.uniqueEmail('delete-me'));
    const answer = await t.pushOne(admin.cookie, mutation('deleteUser', { id: buyer.id }));
    expect(answer).toEqual({ id: expect.any(String), outcome: 'applied' });
    expect((await t.listUsers(admin.cookie)).map((user) => user.id)).not.toContain(buyer.id);
    expect((await t.get('/api/auth/me', buyer.cookie)).statusCode).toBe(401);
    const audit = await t.h.db.query<{ actor_id: string; detail: Record<string, unknown> }>(
      "SELECT actor_id, detail FROM audit_log WHERE action = 'user.delete' AND target = $1",
      [buyer.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, detail: { email: buyer.email, userType: 'Customer' } });
  });

  it('deleting a user who is already gone is applied (idempotent) and audits nothing more', async () => {
    const buyer = await t.createUser(t.uniqueEmail('gone'), 'Customer', 'Active', ['buyer']);
    expect((await t.pushOne(admin.cookie, mutation('deleteUser', { id: buyer.id }))).outcome).toBe('applied');
    const count = await t.userCount();
    // A second administrator's device, a different mutation id, the same target.
    const again = await t.pushOne(admin.cookie, mutation('deleteUser', { id: buyer.id }));
    expect(again).toEqual({ id: expect.any(String), outcome: 'applied' });
    expect((await t.pushOne(admin.cookie, mutation('deleteUser', { id: 'USR-000000' }))).outcome).toBe('applied');
    expect(await t.userCount()).toBe(count);
    const audit = await t.h.db.query("SELECT 1 FROM audit_log WHERE action = 'user.delete' AND target = $1", [
      buyer.id,
    ]);
    expect(audit).toHaveLength(1);
  });

  it('a buyer pushing addUser gets a 403 rejection and no user is created', async () => {
    const buyer = await t.signup(t.uniqueEmail('sneaky'));
    const count = await t.userCount();
    const target = t.uniqueEmail('made-by-buyer');
    const answer = await t.pushOne(buyer.cookie, mutation('addUser', newUser(target, { userType: 'ADMIN' })));
    expect(answer).toMatchObject({
      outcome: 'rejected',
      status: 403,
      message: 'You do not have permission to do this.',
    });
    expect(await t.userCount()).toBe(count);
    expect(await t.h.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [target])).toHaveLength(0);
  });

  it.each(['editUser', 'deleteUser'])(
    'a buyer pushing %s is refused with 403 and the target is untouched',
    async (intent) => {
      const buyer = await t.signup(t.uniqueEmail('sneaky-edit'));
      const answer = await t.pushOne(
        buyer.cookie,
        mutation(
          intent,
          intent === 'deleteUser' ? { id: admin.id } : { id: admin.id, ...details(admin, { userType: 'Customer' }) },
        ),
      );
      expect(answer).toMatchObject({ outcome: 'rejected', status: 403 });
      expect((await t.listUsers(admin.cookie)).find((user) => user.id === admin.id)).toMatchObject({
        userType: 'ADMIN',
        status: 'Active',
        roles: ['admin'],
      });
    },
  );

  it('an anonymous push containing addUser gets HTTP 401 and nothing in it is applied', async () => {
    const count = await t.userCount();
    const applied = await t.appliedCount();
    const contactId = randomUUID();
    const response = await t.push(undefined, [
      mutation('sendContactMessage', {
        id: contactId,
        name: 'Visitor',
        email: 'visitor@example.zm',
        subject: 'Hello',
        message: 'Hi there',
      }),
      mutation('addUser', newUser(t.uniqueEmail('anonymous'))),
    ]);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please sign in to continue.');
    expect(await t.userCount()).toBe(count);
    expect(await t.appliedCount()).toBe(applied);
    expect(await t.h.db.query('SELECT 1 FROM contact_messages WHERE id = $1', [contactId])).toHaveLength(0);
  });

  it('an anonymous visitor can push sendContactMessage and it is stored once', async () => {
    const contactId = randomUUID();
    const m = mutation('sendContactMessage', {
      id: contactId,
      name: 'Visitor',
      email: 'visitor@example.zm',
      subject: 'Plates',
      message: 'When do you open?',
    });
    const answer = await t.pushOne(undefined, m);
    expect(answer).toEqual({ id: m.id, outcome: 'applied' });
    expect(await t.pushOne(undefined, m)).toEqual(answer);
    expect(await t.h.db.query('SELECT name FROM contact_messages WHERE id = $1', [contactId])).toEqual([
      { name: 'Visitor' },
    ]);
  });

  it('a refused mutation does not block the ones behind it in the same push', async () => {
    const buyer = await t.signup(t.uniqueEmail('keeps-going'));
    const response = await t.push(buyer.cookie, [
      mutation('editUser', { id: buyer.id, name: '', email: 'nope' }),
      mutation('updateProfile', { name: 'Mwila B. Banda', email: buyer.email, phone: '' }),
      mutation('noSuchIntent', {}),
      mutation('markNotificationsRead', { ids: ['1'] }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((answer: Answer) => [answer.outcome, answer.status])).toEqual([
      ['rejected', 403],
      ['applied', undefined],
      ['rejected', 400],
      ['applied', undefined],
    ]);
    expect((await t.get('/api/auth/me', buyer.cookie)).json().user).toMatchObject({
      name: 'Mwila B. Banda',
      phone: null,
    });

    const adminPush = await t.push(admin.cookie, [
      mutation('editUser', { id: buyer.id, name: '', email: 'not-an-email', userType: 'Customer', status: 'Active' }),
      mutation('updateProfile', { name: 'The Boss', email: admin.email, phone: '' }),
    ]);
    expect(adminPush.json().results.map((answer: Answer) => answer.outcome)).toEqual(['rejected', 'applied']);
    expect((await t.get('/api/auth/me', admin.cookie)).json().user.name).toBe('The Boss');
  });

  it.each(['noSuchIntent', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'rejects the unknown intent %s with 400 and a message naming it',
    async (intent) => {
      const answer = await t.pushOne(admin.cookie, mutation(intent, { anything: true }));
      expect(answer).toMatchObject({ outcome: 'rejected', status: 400 });
      expect(answer.message).toContain(`'${intent}'`);
    },
  );

  it('anonymous pushes of unknown intents are rejected one by one, not with 401', async () => {
    const response = await t.push(undefined, [mutation('noSuchIntent', {})]);
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ outcome: 'rejected', status: 400 });
  });

  it('rejects an invalid payload with 400 and a message for each bad field', async () => {
    const answer = await t.pushOne(
      admin.cookie,
      mutation('addUser', newUser('not-an-email', { name: '   ', userType: 'WIZARD' })),
    );
    expect(answer).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: {
        email: 'Please enter a valid email address',
        name: 'Name is required',
        userType: 'Please choose a user type',
      },
    });
    expect(Object.values(answer.fields ?? {})).toContain(answer.message);
    const notAnObject = await t.pushOne(admin.cookie, mutation('deleteUser', 'USR-001'));
    expect(notAnObject).toMatchObject({
      outcome: 'rejected',
      status: 400,
      message: expect.any(String),
      fields: { payload: expect.any(String) },
    });
  });

  it('rejects a push whose envelope is malformed with HTTP 400 and applies nothing', async () => {
    const applied = await t.appliedCount();
    for (const body of [
      { clientId: 'd', mutations: [] },
      { clientId: '', mutations: [mutation('deleteUser', { id: 'USR-1' })] },
      { clientId: 'd', mutations: [{ id: 'not-a-uuid', intent: 'deleteUser', payload: { id: 'USR-1' } }] },
      { clientId: 'd', mutations: Array.from({ length: 51 }, () => mutation('deleteUser', { id: 'USR-1' })) },
    ]) {
      const response = await t.post('/api/sync/push', body, admin.cookie);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await t.appliedCount()).toBe(applied);
  });

  it('updateProfile stores the name; a new email or phone needs the password, so the session alone is refused', async () => {
    const buyer = await t.signup(t.uniqueEmail('profile'));
    const answer = await t.pushOne(
      buyer.cookie,
      mutation('updateProfile', { name: '  Mwila Mulenga  ', email: buyer.email.toUpperCase(), phone: '' }),
    );
    expect(answer.outcome).toBe('applied');
    expect((await t.get('/api/auth/me', buyer.cookie)).json().user).toMatchObject({
      name: 'Mwila Mulenga',
      email: buyer.email,
      phone: null,
    });
    const email = t.uniqueEmail('profile-new');
    expect(
      await t.pushOne(buyer.cookie, mutation('updateProfile', { name: 'Mwila Mulenga', email, phone: '' })),
    ).toMatchObject({ outcome: 'rejected', status: 403, fields: { email: CONTACT_NEEDS_PASSWORD } });
    expect(
      await t.pushOne(
        buyer.cookie,
        mutation('updateProfile', { name: 'Mwila Mulenga', email: buyer.email, phone: '097 123 4567' }),
      ),
    ).toMatchObject({ outcome: 'rejected', status: 403, fields: { phone: CONTACT_NEEDS_PASSWORD } });
    expect((await t.get('/api/auth/me', buyer.cookie)).json().user).toMatchObject({ email: buyer.email, phone: null });
    const audit = await t.h.db.query("SELECT 1 FROM audit_log WHERE action = 'profile.update' AND actor_id = $1", [
      buyer.id,
    ]);
    expect(audit).toHaveLength(1);
  });

  it.each(['12345', '+1 202 555 0100', '0071234567', 'phone', '097 123 456', '097 123 45678'])(
    'updateProfile refuses the phone %j with the phone message',
    async (phone) => {
      const buyer = await t.signup(t.uniqueEmail('bad-phone'));
      const answer = await t.pushOne(
        buyer.cookie,
        mutation('updateProfile', { name: 'Mwila', email: buyer.email, phone }),
      );
      expect(answer).toMatchObject({
        outcome: 'rejected',
        status: 400,
        message: PHONE_MESSAGE,
        fields: { phone: PHONE_MESSAGE },
      });
      expect((await t.get('/api/auth/me', buyer.cookie)).json().user.phone).toBeNull();
    },
  );

  it("updateProfile refuses another account's email (any case) with 403, as any other email, and changes nothing", async () => {
    const buyer = await t.signup(t.uniqueEmail('mine'));
    const answer = await t.pushOne(
      buyer.cookie,
      mutation('updateProfile', { name: 'Changed', email: admin.email.toUpperCase(), phone: '' }),
    );
    expect(answer).toMatchObject({ outcome: 'rejected', status: 403, fields: { email: CONTACT_NEEDS_PASSWORD } });
    expect((await t.get('/api/auth/me', buyer.cookie)).json().user).toMatchObject({
      name: 'Mwila Banda',
      email: buyer.email,
      phone: null,
    });
  });

  it('anonymous updateProfile gets HTTP 401', async () => {
    const response = await t.push(undefined, [
      mutation('updateProfile', { name: 'x', email: 'x@example.zm', phone: '' }),
    ]);
    expect(response.statusCode).toBe(401);
  });

  it("markNotificationsRead marks only the caller's own notifications", async () => {
    const agent = await t.signup(t.uniqueEmail('notified'), {
      userType: 'agent',
      businessName: 'Shop',
      licenseNumber: 'PM-1',
    });
    const other = await t.signup(t.uniqueEmail('nosy'));
    await t.pushOne(
      admin.cookie,
      mutation('editUser', { id: agent.id, ...details(agent, { userType: 'AGENT', status: 'Active' }) }),
    );
    const [notification] = (await t.get('/api/notifications', agent.cookie)).json().notifications;
    expect(notification).toMatchObject({ id: expect.stringMatching(/^\d+$/), readAt: null });

    const nosy = await t.pushOne(other.cookie, mutation('markNotificationsRead', { ids: [notification.id] }));
    expect(nosy.outcome).toBe('applied');
    expect((await t.get('/api/notifications', agent.cookie)).json().notifications[0].readAt).toBeNull();

    const own = await t.pushOne(
      agent.cookie,
      mutation('markNotificationsRead', { ids: [notification.id, '999999999999999999'] }),
    );
    expect(own.outcome).toBe('applied');
    const read = (await t.get('/api/notifications', agent.cookie)).json().notifications[0];
    expect(read.readAt).toEqual(expect.any(String));

    // Marking again keeps the first time it was read.
    await t.pushOne(agent.cookie, mutation('markNotificationsRead', { ids: [notification.id] }));
    expect((await t.get('/api/notifications', agent.cookie)).json().notifications[0].readAt).toBe(read.readAt);
  });

  it.each([[{ ids: [] }], [{ ids: ['abc'] }], [{ ids: ['1'.repeat(19)] }], [{ ids: 'all' }]])(
    'markNotificationsRead rejects %j with 400',
    async (payload) => {
      const buyer = await t.createUser(t.uniqueEmail('marks'), 'Customer', 'Active', ['buyer']);
      expect(await t.pushOne(buyer.cookie, mutation('markNotificationsRead', payload))).toMatchObject({
        outcome: 'rejected',
        status: 400,
      });
    },
  );

  it('GET /api/admin/users is 403 for a buyer and 401 for a visitor', async () => {
    const buyer = await t.signup(t.uniqueEmail('curious'));
    const asBuyer = await t.get('/api/admin/users', buyer.cookie);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().message).toBe('You do not have permission to do this.');
    const anonymous = await t.get('/api/admin/users');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Please sign in to continue.');
  });

  it('GET /api/admin/users never includes password hashes', async () => {
    const response = await t.get('/api/admin/users', admin.cookie);
    expect(response.body).not.toContain('scrypt$');
    expect(response.body).not.toMatch(/password/i);
  });

  it('GET /api/notifications is 401 for a visitor', async () => {
    expect((await t.get('/api/notifications')).statusCode).toBe(401);
  });

  it('two pushes of the same mutation id at once create exactly one user and get identical answers', async () => {
    const email = t.uniqueEmail('racing');
    const m = mutation('addUser', newUser(email));
    const count = await t.userCount();
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m], 'device-2')]);
    expect(await t.h.db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).toHaveLength(1);
    expect(await t.userCount()).toBe(count + 1);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(first.json().results[0].outcome).toBe('applied');
  });

  it('two pushes of the same deleteUser mutation at once both get the same applied answer', async () => {
    const buyer = await t.createUser(t.uniqueEmail('race-delete'), 'Customer', 'Active', ['buyer']);
    const m = mutation('deleteUser', { id: buyer.id });
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m])]);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(
      await t.h.db.query("SELECT 1 FROM audit_log WHERE action = 'user.delete' AND target = $1", [buyer.id]),
    ).toHaveLength(1);
  });

  it('two pushes of the same rejected mutation at once both get the same rejection', async () => {
    const m = mutation('noSuchIntent', {});
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m])]);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
  });
});

/**
 * PGlite runs one statement at a time, and a transaction holds it until it ends, so
 * two pushes on it never overlap between "was this id seen?" and "remember it".
 * PostgreSQL through a pool does overlap: a transaction starts only after a
 * round trip (connect, BEGIN). Here each query and each transaction start waits
 * a couple of milliseconds first, as they would over a network.
 */
describe('racing pushes on a database with round trips (as PostgreSQL has)', () => {
  const t = harness();
  let admin: { id: string; cookie: string; email: string };

  beforeAll(async () => {
    await t.start();
    admin = await t.createUser('racer@example.zm', 'ADMIN', 'Active', ['admin']);
    const db = t.h.db;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 2));
    db.query = async <Row>(text: string, params?: readonly unknown[]) => {
      await roundTrip();
      return query<Row>(text, params);
    };
    db.transaction = async <T>(fn: Parameters<Database['transaction']>[0]) => {
      await roundTrip();
      return transaction(fn) as Promise<T>;
    };
  });
  afterAll(() => t.h.app.close());

  const newUser = (email: string) => ({
    id: randomUUID(),
    name: 'Racer',
    email,
    userType: 'Customer',
    status: 'Active',
  });

  it('the same addUser pushed twice at once creates one user and both pushes get the same answer', async () => {
    const email = t.uniqueEmail('race-add');
    const m = mutation('addUser', newUser(email));
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m], 'device-2')]);
    expect(await t.h.db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).toHaveLength(1);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(first.json().results[0].outcome).toBe('applied');
  });

  it('the same rejected mutation pushed twice at once gets the same rejection both times', async () => {
    const m = mutation('noSuchIntent', {});
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m])]);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
  });

  it('the same deleteUser pushed twice at once is applied once and both get the same answer', async () => {
    const buyer = await t.createUser(t.uniqueEmail('race-del'), 'Customer', 'Active', ['buyer']);
    const m = mutation('deleteUser', { id: buyer.id });
    const [first, second] = await Promise.all([t.push(admin.cookie, [m]), t.push(admin.cookie, [m])]);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(
      await t.h.db.query("SELECT 1 FROM audit_log WHERE action = 'user.delete' AND target = $1", [buyer.id]),
    ).toHaveLength(1);
  });

  it('the same updateProfile pushed twice at once is applied once and both get the same answer', async () => {
    const buyer = await t.createUser(t.uniqueEmail('race-profile'), 'Customer', 'Active', ['buyer']);
    const m = mutation('updateProfile', { name: 'Raced', email: buyer.email, phone: '' });
    const [first, second] = await Promise.all([t.push(buyer.cookie, [m]), t.push(buyer.cookie, [m])]);
    expect([first.statusCode, second.statusCode], `${first.body} / ${second.body}`).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(
      await t.h.db.query("SELECT 1 FROM audit_log WHERE action = 'profile.update' AND actor_id = $1", [buyer.id]),
    ).toHaveLength(1);
  });
});

describe('the last active administrator', () => {
  const t = harness();
  beforeEach(() => t.start());
  afterEach(() => t.h.app.close());

  const demote = (
    target: { id: string; email: string },
    overrides: Partial<{ userType: UserType; status: UserStatus }> = { userType: 'Customer' },
  ) =>
    mutation('editUser', { id: target.id, ...details(target, { userType: 'ADMIN', status: 'Active', ...overrides }) });

  it('cannot demote, suspend or delete themselves: SELF_CHANGE_MESSAGE', async () => {
    const only = await t.createUser('only@example.zm', 'ADMIN', 'Active', ['admin']);
    for (const m of [
      demote(only),
      demote(only, { status: 'Suspended' }),
      demote(only, { status: 'Inactive' }),
      demote(only, { status: 'Pending' }),
      mutation('deleteUser', { id: only.id }),
    ]) {
      expect(await t.pushOne(only.cookie, m)).toMatchObject({
        outcome: 'rejected',
        status: 409,
        message: SELF_CHANGE_MESSAGE,
      });
    }
    expect((await t.listUsers(only.cookie)).find((user) => user.id === only.id)).toMatchObject({
      userType: 'ADMIN',
      status: 'Active',
      roles: ['admin'],
    });
    expect(await t.activeAdmins()).toBe(1);
  });

  it('may still rename themselves', async () => {
    const only = await t.createUser('only@example.zm', 'ADMIN', 'Active', ['admin']);
    expect(
      (
        await t.pushOne(
          only.cookie,
          mutation('editUser', { id: only.id, ...details(only, { name: 'Chief', userType: 'ADMIN' }) }),
        )
      ).outcome,
    ).toBe('applied');
  });

  it('is refused self-demotion even when another active administrator exists', async () => {
    const a = await t.createUser('a@example.zm', 'ADMIN', 'Active', ['admin']);
    await t.createUser('b@example.zm', 'ADMIN', 'Active', ['admin']);
    expect(await t.pushOne(a.cookie, demote(a))).toMatchObject({ outcome: 'rejected', message: SELF_CHANGE_MESSAGE });
  });

  it('with two active administrators, A may demote B, after which B can no longer manage users', async () => {
    const a = await t.createUser('a@example.zm', 'ADMIN', 'Active', ['admin']);
    const b = await t.createUser('b@example.zm', 'ADMIN', 'Active', ['admin']);
    expect((await t.pushOne(a.cookie, demote(b))).outcome).toBe('applied');
    expect((await t.listUsers(a.cookie)).find((user) => user.id === b.id)).toMatchObject({
      userType: 'Customer',
      roles: ['buyer'],
    });
    expect(await t.pushOne(b.cookie, demote(a))).toMatchObject({ outcome: 'rejected', status: 403 });
    expect((await t.get('/api/admin/users', b.cookie)).statusCode).toBe(403);
    expect(await t.activeAdmins()).toBe(1);
  });

  it('a suspended administrator does not count: the other, active one, is the last', async () => {
    const a = await t.createUser('a@example.zm', 'ADMIN', 'Active', ['admin']);
    const b = await t.createUser('b@example.zm', 'ADMIN', 'Active', ['admin']);
    expect((await t.pushOne(a.cookie, demote(b, { status: 'Suspended' }))).outcome).toBe('applied');
    expect((await t.get('/api/auth/me', b.cookie)).statusCode).toBe(401);
    expect(await t.pushOne(a.cookie, demote(a))).toMatchObject({ outcome: 'rejected', message: SELF_CHANGE_MESSAGE });
    // Reinstating B is allowed (it gains an admin, it does not lose one).
    expect((await t.pushOne(a.cookie, demote(b, { status: 'Active' }))).outcome).toBe('applied');
    expect(await t.activeAdmins()).toBe(2);
  });

  it('LAST_ADMIN_MESSAGE: an actor holding the admin role without being an active ADMIN cannot demote, suspend or delete the only active ADMIN', async () => {
    // The only state in which the message is reachable one request at a time: the
    // actor's admin role comes from user_roles while their user_type is not ADMIN
    // (rolesFor never produces this, so it is written here straight to the database).
    const onlyAdmin = await t.createUser('only@example.zm', 'ADMIN', 'Active', ['admin']);
    const roleOnly = await t.createUser('role-only@example.zm', 'Customer', 'Active', ['buyer', 'admin']);
    expect(await t.activeAdmins()).toBe(1);
    for (const m of [
      demote(onlyAdmin),
      demote(onlyAdmin, { status: 'Suspended' }),
      demote(onlyAdmin, { userType: 'ADMIN', status: 'Pending' }),
      mutation('deleteUser', { id: onlyAdmin.id }),
    ]) {
      expect(await t.pushOne(roleOnly.cookie, m)).toMatchObject({
        outcome: 'rejected',
        status: 409,
        message: LAST_ADMIN_MESSAGE,
      });
    }
    expect((await t.listUsers(roleOnly.cookie)).find((user) => user.id === onlyAdmin.id)).toMatchObject({
      userType: 'ADMIN',
      status: 'Active',
      roles: ['admin'],
    });
    expect((await t.get('/api/auth/me', onlyAdmin.cookie)).statusCode).toBe(200);
  });

  it('two administrators demoting each other at once leave exactly one active administrator', async () => {
    const a = await t.createUser('a@example.zm', 'ADMIN', 'Active', ['admin']);
    const b = await t.createUser('b@example.zm', 'ADMIN', 'Active', ['admin']);
    const [byA, byB] = await Promise.all([t.push(a.cookie, [demote(b)]), t.push(b.cookie, [demote(a)])]);
    const answers = [byA.json().results[0], byB.json().results[0]] as Answer[];
    expect(answers.filter((answer) => answer.outcome === 'applied')).toHaveLength(1);
    const refused = answers.find((answer) => answer.outcome === 'rejected');
    // Either the loser's request was authorised before the winner committed (and the
    // last-admin guard stops it), or after (and it is no longer an administrator).
    expect([LAST_ADMIN_MESSAGE, 'You do not have permission to do this.']).toContain(refused?.message);
    expect(await t.activeAdmins()).toBe(1);
  });
});

describe('changing one’s own password', () => {
  const t = harness();
  beforeAll(() => t.start());
  afterAll(() => t.h.app.close());

  const change = (cookie: string, body: Record<string, unknown>) => t.post('/api/auth/password', body, cookie);

  it('refuses a wrong current password with 400 on currentPassword and keeps the old one', async () => {
    const user = await t.signup(t.uniqueEmail('pw-wrong'));
    const response = await change(user.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The current password is incorrect.',
      fields: { currentPassword: 'The current password is incorrect.' },
    });
    expect((await t.post('/api/auth/login', { email: user.email, password: BUYER_PASSWORD })).statusCode).toBe(200);
    const audit = await t.h.db.query(
      "SELECT outcome FROM audit_log WHERE action = 'password.change' AND actor_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ outcome: 'failure' }]);
  });

  it("refuses a confirmation that does not match with 400 'Passwords do not match'", async () => {
    const user = await t.signup(t.uniqueEmail('pw-confirm'));
    const response = await change(user.cookie, {
      currentPassword: BUYER_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasS',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Passwords do not match',
      fields: { confirmPassword: 'Passwords do not match' },
    });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const user = await t.signup(t.uniqueEmail('pw-short'));
    const response = await change(user.cookie, {
      currentPassword: BUYER_PASSWORD,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.newPassword).toBe('Password must be at least 8 characters');
  });

  it('changes the password: 204, the new one signs in, the old does not, other sessions end and this one stays', async () => {
    const user = await t.signup(t.uniqueEmail('pw-ok'));
    const other = sessionCookieOf(await t.post('/api/auth/login', { email: user.email, password: BUYER_PASSWORD }));
    expect((await t.get('/api/auth/me', other)).statusCode).toBe(200);

    const response = await change(user.cookie, {
      currentPassword: BUYER_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await t.get('/api/auth/me', user.cookie)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', other)).statusCode).toBe(401);
    expect((await t.post('/api/auth/login', { email: user.email, password: BUYER_PASSWORD })).statusCode).toBe(401);
    expect((await t.post('/api/auth/login', { email: user.email, password: 'brand-new-pass' })).statusCode).toBe(200);
    const audit = await t.h.db.query<{ outcome: string }>(
      "SELECT outcome FROM audit_log WHERE action = 'password.change' AND actor_id = $1",
      [user.id],
    );
    expect(audit).toEqual([{ outcome: 'success' }]);
    expect(JSON.stringify(await t.h.db.query('SELECT detail FROM audit_log'))).not.toContain('brand-new-pass');
  });

  it('locks password changes after 5 wrong current passwords (429), even with the right one', async () => {
    const user = await t.signup(t.uniqueEmail('pw-throttle'));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (
          await change(user.cookie, {
            currentPassword: `wrong-${attempt}`,
            newPassword: 'brand-new-pass',
            confirmPassword: 'brand-new-pass',
          })
        ).statusCode,
      ).toBe(400);
    }
    const locked = await change(user.cookie, {
      currentPassword: BUYER_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // The lock is about password changes only: signing in still works, with the old password.
    expect((await t.post('/api/auth/login', { email: user.email, password: BUYER_PASSWORD })).statusCode).toBe(200);
  });

  it('is 401 for a visitor', async () => {
    const response = await t.post('/api/auth/password', {
      currentPassword: 'x',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(401);
  });
});
