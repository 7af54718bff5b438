/**
 * The owner is told: payment results (approved, declined, timed out; mobile money and card
 * as well as bank transfers) once per change of status, an account approval, each with the
 * same news by email and SMS, sent after the event's transaction commits and readable by
 * administrators in the sandbox's record.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_TO_PAY_TIMEOUT_MS } from '#domain/payments/payment';
import type { Database } from '../../src/server/db/database';
import { paymentService } from '../../src/server/payments/payment-service';
import { sandboxProvider } from '../../src/server/payments/sandbox-provider';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb, postPayingByCard } from './test-app';

interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
}

interface Sent {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  status: string;
}

const silentLog = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;

describe('notifications to the owner', () => {
  let app: FastifyInstance;
  let db: Database;
  const clock = { ms: Date.now() };
  const now = () => new Date(clock.ms);
  let payer: { id: string; cookie: string; email: string };
  let admin: { id: string; cookie: string };

  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, cookie: string, payload: object) =>
    postPayingByCard(app, url, cookie, payload as Record<string, unknown>);
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  async function signedIn(
    name: string,
    options: {
      roles: Array<'buyer' | 'admin'>;
      phone?: string;
      status?: 'Active' | 'Pending';
      userType?: 'Customer' | 'AGENT';
    },
  ) {
    const email = `${name}-${randomBytes(3).toString('hex')}@example.zm`;
    const user = await userRepository(db).create({
      email,
      name,
      phone: options.phone ?? null,
      passwordHash: 'x',
      accountType: options.userType === 'AGENT' ? 'agent' : 'individual',
      userType: options.userType ?? 'Customer',
      status: options.status ?? 'Active',
      requestedRole: null,
      roles: options.roles,
    });
    if (!user) throw new Error(`could not create ${name}`);
    const token = randomBytes(24).toString('base64url');
    await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
    return { id: user.id, email, cookie: `nambala_session=${token}` };
  }

  const apply = async (payment: object) => {
    const response = await post('/api/applications', payer.cookie, {
      id: randomUUID(),
      fullName: 'Mwila Banda',
      nrcNumber: '123456/78/9',
      phoneNumber: '+260 96 1234567',
      email: 'mwila@example.zm',
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      ...payment,
    });
    expect(response.statusCode).toBe(201);
    return response.json().payment as { id: string; reference: string; status: string; description: string };
  };
  const noticesOf = async (cookie: string, paymentId?: string): Promise<Notice[]> => {
    const all = (await get('/api/notifications', cookie)).json().notifications as Notice[];
    return paymentId ? all.filter((notice) => notice.link === `/dashboard/user/payments/${paymentId}`) : all;
  };
  const sentTo = async (address: string): Promise<Sent[]> =>
    ((await get('/api/admin/messages?limit=200', admin.cookie)).json().messages as Array<Sent>).filter(
      (message) => message.to === address,
    );

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ now }));
    payer = await signedIn('Mwila', { roles: ['buyer'], phone: '+260 97 765 4321' });
    admin = await signedIn('Admin', { roles: ['admin'] });
  });
  beforeEach(() => {
    clock.ms = Date.now();
  });
  afterAll(() => app.close());

  it('tells the payer of an approved card payment, what it was for and what comes next, in the dashboard, by email and by SMS', async () => {
    const payment = await apply({ paymentMethod: 'card', card: { number: '4242 4242 4242 4242' } });
    expect(payment.status).toBe('approved');
    const notices = await noticesOf(payer.cookie, payment.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'payment-received',
      title: `Payment ${payment.reference} received`,
      readAt: null,
    });
    expect(notices[0]?.body).toContain(`by Credit/Debit Card for: ${payment.description}.`);
    expect(notices[0]?.body).toContain('administrator for review');

    // Sent after the checkout's transaction committed, through the sandbox: nothing left the machine.
    await expect
      .poll(
        async () =>
          (await sentTo(payer.email))
            .filter((message) => message.subject === notices[0]?.title)
            .map((message) => message.status),
        { timeout: 10_000 },
      )
      .toEqual(['sent']);
    await expect
      .poll(
        async () =>
          (await sentTo('+260977654321')).some(
            (message) => message.status === 'sent' && message.body.includes(payment.reference),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const mailbox = await db.query<{ channel: string; recipient: string }>(
      "SELECT channel, recipient FROM sandbox_messages WHERE subject = $1 OR body LIKE '%' || $2 || '%' ORDER BY id",
      [notices[0]?.title, payment.reference],
    );
    expect(mailbox).toEqual([
      { channel: 'email', recipient: payer.email },
      { channel: 'sms', recipient: '+260977654321' },
    ]);
  });

  it('tells the payer of a declined card with the reason, that nothing was charged and how to pay again', async () => {
    const payment = await apply({ paymentMethod: 'card', card: { number: '4000 0000 0000 0002' } });
    expect(payment.status).toBe('declined');
    const [notice] = await noticesOf(payer.cookie, payment.id);
    expect(notice).toMatchObject({ kind: 'payment-declined', title: `Payment ${payment.reference} declined` });
    expect(notice?.body).toContain('Reason: Insufficient funds.');
    expect(notice?.body).toContain('Nothing was charged.');
    expect(notice?.body).toContain('pay for it again');
  });

  it('says nothing while a mobile-money request waits, then tells of its approval once however often it is answered', async () => {
    const payment = await apply({ paymentMethod: 'mtn' });
    expect(payment.status).toBe('pending');
    expect(await noticesOf(payer.cookie, payment.id)).toEqual([]);
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'approve' })).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'approve' })).statusCode,
    ).toBe(200);
    const notices = await noticesOf(payer.cookie, payment.id);
    expect(notices.map((notice) => notice.kind)).toEqual(['payment-received']);
    expect(notices[0]?.body).toContain('by MTN Mobile Money');
  });

  it('tells of a mobile-money request that timed out once, when the payer next looks at it', async () => {
    const payment = await apply({ paymentMethod: 'airtel', phoneNumber: '+260 97 1234567' });
    clock.ms += REQUEST_TO_PAY_TIMEOUT_MS;
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment.status).toBe('timed_out');
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment.status).toBe('timed_out');
    const notices = await noticesOf(payer.cookie, payment.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'payment-timed-out', title: `Payment ${payment.reference} timed out` });
    expect(notices[0]?.body).toContain('The Airtel Money request');
    expect(notices[0]?.body).toContain('Nothing was charged.');
    const [row] = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [payment.id]);
    expect(row?.status).toBe('timed_out');
  });

  it('records lapsed requests with nobody looking, telling each payer once, and leaves the others waiting', async () => {
    const lapsing = await apply({ paymentMethod: 'mtn' });
    const bank = await apply({ paymentMethod: 'bank' });
    clock.ms += REQUEST_TO_PAY_TIMEOUT_MS - 1000;
    const fresh = await apply({ paymentMethod: 'mtn' });
    clock.ms += 1000;
    const service = paymentService({ db, provider: sandboxProvider(db, now), now, log: silentLog });
    expect(await service.recordLapsed()).toBe(1);
    expect(await service.recordLapsed()).toBe(0);
    expect((await noticesOf(payer.cookie, lapsing.id)).map((notice) => notice.kind)).toEqual(['payment-timed-out']);
    expect(await noticesOf(payer.cookie, bank.id)).toEqual([]);
    expect(await noticesOf(payer.cookie, fresh.id)).toEqual([]);
    const statuses = await db.query<{ id: string; status: string }>(
      'SELECT id, status FROM payments WHERE id = ANY($1::text[])',
      [[lapsing.id, bank.id, fresh.id]],
    );
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [lapsing.id]: 'timed_out',
      [bank.id]: 'pending',
      [fresh.id]: 'pending',
    });
  });

  it('tells of a bank transfer marked received by an administrator', async () => {
    const payment = await apply({ paymentMethod: 'bank' });
    expect((await post(`/api/admin/payments/${payment.id}/received`, admin.cookie, {})).statusCode).toBe(200);
    const [notice] = await noticesOf(payer.cookie, payment.id);
    expect(notice?.body).toMatch(/^We have received your bank transfer of K\d/);
  });

  it('sends an account approval by email too, and by SMS only to an account with a phone number', async () => {
    const agent = await signedIn('Chanda', { roles: [], status: 'Pending', userType: 'AGENT' });
    const answer = await post('/api/sync/push', admin.cookie, {
      clientId: 'admin-device',
      mutations: [
        {
          id: randomUUID(),
          intent: 'editUser',
          payload: { id: agent.id, name: 'Chanda', email: agent.email, userType: 'AGENT', status: 'Active' },
        },
      ],
    });
    expect(answer.json().results[0]).toMatchObject({ outcome: 'applied' });
    await expect
      .poll(async () => (await sentTo(agent.email)).map((message) => [message.subject, message.status]), {
        timeout: 10_000,
      })
      .toEqual([['Your account has been approved', 'sent']]);
    const [sms] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM message_outbox WHERE user_id = $1 AND channel = 'sms'",
      [agent.id],
    );
    expect(sms?.n).toBe(0);
  });
});
