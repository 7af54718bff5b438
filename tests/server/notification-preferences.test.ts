/**
 * Settings › Notifications: a person turns a topic off by email or SMS; what they turned off is
 * not sent that way (the dashboard still shows the news), security messages always go, and
 * only the person themselves changes their choices.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { notify } from '../../src/server/notifications/notify';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb, sessionForNewAccount } from './test-app';

describe('notification preferences', () => {
  let app: FastifyInstance;
  let db: Database;
  let person: { id: string; cookie: string };

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
    person = await sessionForNewAccount(db, {
      email: 'prefs@nambala.test',
      name: 'Chileshe Mumba',
      userType: 'Customer',
      roles: ['buyer'],
    });
    await userRepository(db).setPhone(person.id, '+260971112233');
  });
  afterAll(() => app.close());

  const preferences = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/me/notification-preferences', headers: cookie ? { cookie } : {} });
  const choose = (cookie: string | undefined, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const queued = async (kind: string) =>
    (
      await db.query<{ channel: string }>(
        'SELECT channel FROM message_outbox WHERE user_id = $1 AND kind = $2 ORDER BY channel',
        [person.id, kind],
      )
    ).map((row) => row.channel);

  it('receives everything until the person chooses otherwise', async () => {
    expect((await preferences(person.cookie)).json()).toEqual({ preferences: {} });
    await db.transaction((tx) =>
      notify(tx, person.id, { kind: 'payment-received', title: 'Payment PAY-000001 received', body: 'K60.' }),
    );
    expect(await queued('payment-received')).toEqual(['email', 'sms']);
  });

  it('sends a topic turned off for SMS by email only, and keeps the news in the dashboard', async () => {
    const chosen = await choose(person.cookie, { orders: { sms: false }, work: { email: false, sms: false } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ preferences: { orders: { sms: false }, work: { email: false, sms: false } } });
    expect((await preferences(person.cookie)).json()).toEqual(chosen.json());

    await db.transaction((tx) =>
      notify(tx, person.id, { kind: 'refund-made', title: 'Refund made', body: 'K60 back.' }),
    );
    expect(await queued('refund-made')).toEqual(['email']);
    await db.transaction((tx) => notify(tx, person.id, { kind: 'integrity-alert', title: 'Alert', body: 'Look.' }));
    expect(await queued('integrity-alert')).toEqual([]);
    const news = await db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1', [person.id]);
    expect(news.map((row) => row.kind)).toEqual(expect.arrayContaining(['refund-made', 'integrity-alert']));
    // Another topic is untouched.
    await db.transaction((tx) =>
      notify(tx, person.id, { kind: 'plate-registered', title: 'Registered', body: 'Yes.' }),
    );
    expect(await queued('plate-registered')).toEqual(['email', 'sms']);
  });

  it('always sends a security message, whatever was turned off', async () => {
    await choose(person.cookie, {
      orders: { email: false, sms: false },
      plates: { email: false, sms: false },
      insurance: { email: false, sms: false },
      work: { email: false, sms: false },
    });
    await db.transaction((tx) =>
      notify(tx, person.id, { kind: 'account.approved', title: 'Approved', body: 'Welcome.' }),
    );
    expect(await queued('account.approved')).toEqual(['email', 'sms']);
  });

  it('is audited, refuses what it does not know with a message, and is only for the person signed in', async () => {
    const audited = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND action = 'account.notification-preferences'",
      [person.id],
    );
    expect(audited[0]?.n).toBe(2);
    const unknown = await choose(person.cookie, { marketing: { email: false } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The request body must be a JSON object with the expected fields.');
    const wrong = await choose(person.cookie, { orders: { sms: 'off' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/sms must be true or false/);
    expect((await choose(undefined, {})).statusCode).toBe(401);
    expect((await preferences()).statusCode).toBe(401);
  });
});
