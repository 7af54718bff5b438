/**
 * Payments through the sandbox provider, on a clock the test moves: receipts and who may
 * read them, the simulated handset prompt, the card provider's page, bank transfers marked received
 * by an administrator, time-outs derived from time, and choosing the provider by
 * configuration.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePaymentReference } from '#domain/payments/reference';
import { type Database } from '../../src/server/db/database';
import { openTestDatabase, payOnCardPage } from './test-app';
import { migrate } from '../../src/server/db/migrate';
import { ONLY_BANK_TRANSFERS } from '../../src/server/payments/payment-service';
import { paymentProviderFromEnv } from '../../src/server/payments/provider-from-env';
import { DECLINED_ON_HANDSET, sandboxProvider } from '../../src/server/payments/sandbox-provider';
import { registerAuth } from '../../src/server/plugins/auth';
import { registerErrorHandler } from '../../src/server/plugins/error-handler';
import { registerJsonBody } from '../../src/server/plugins/json-body';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { reportRepository } from '../../src/server/repositories/report-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { paymentRoutes } from '../../src/server/routes/payment-routes';
import { applicationRoutes } from '../../src/server/routes/application-routes';
import { userRoutes } from '../../src/server/routes/user-routes';
import { sandboxCardPageRoutes } from '../../src/server/routes/sandbox-card-page-routes';

/** The payment and application routes on an in-memory database, with a clock the test sets. */
async function buildHarness() {
  const db = await openTestDatabase();
  await migrate(db);
  const clock = { ms: Date.now() };
  const now = () => new Date(clock.ms);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerAuth(app, db);
  const provider = sandboxProvider(db, now);
  await app.register(userRoutes, { db, perMinute: 0 });
  await app.register(paymentRoutes, { db, provider, now });
  await app.register(applicationRoutes, { db, provider, now });
  await app.register(sandboxCardPageRoutes, { provider });
  app.addHook('onClose', () => db.close());
  return { app, db, clock };
}

async function signedIn(
  db: Database,
  name: string,
  roles: Array<'buyer' | 'admin' | 'agent'>,
): Promise<{ id: string; cookie: string }> {
  const user = await userRepository(db).create({
    email: `${name}@test.zm`,
    name,
    passwordHash: 'x',
    accountType: 'individual',
    userType: 'Customer',
    status: 'Active',
    requestedRole: null,
    roles,
  });
  if (!user) throw new Error(`could not create ${name}`);
  const token = `session-${name}-${randomUUID()}`;
  await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
  return { id: user.id, cookie: `nambala_session=${token}` };
}

const application = (overrides: object = {}) => ({
  id: randomUUID(),
  fullName: 'Mwila Banda',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 96 1234567',
  email: 'mwila@example.zm',
  address: 'Plot 12, Kabulonga Road, Lusaka',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  registrationNotYetKnown: true,
  numberOfPlates: 2,
  paymentMethod: 'mtn',
  ...overrides,
});

describe('payments', () => {
  let app: FastifyInstance;
  let db: Database;
  let clock: { ms: number };
  let start: number;
  let payer: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const apply = async (overrides: object = {}) => {
    const response = await post('/api/applications', payer.cookie, application(overrides));
    expect(response.statusCode).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    ({ app, db, clock } = await buildHarness());
    payer = await signedIn(db, 'payer', ['buyer']);
    other = await signedIn(db, 'other', ['buyer']);
    admin = await signedIn(db, 'admin', ['admin']);
  });
  beforeEach(() => {
    start = Date.now();
    clock.ms = start;
  });
  afterAll(() => app.close());

  it('tells anyone, signed in or not, that payments are test payments while the sandbox takes them', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/payments/provider' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ testPayments: true });
  });

  it('gives a receipt with a PAY- reference, the lines, the method and the times', async () => {
    const started = await apply({ paymentMethod: 'card', numberOfPlates: 3 });
    const payment = (await payOnCardPage(app, started.payment.checkoutUrl, '5555 5555 5555 4444', payer)).payment ?? {};
    expect(parsePaymentReference(payment.reference)).toBeGreaterThan(0);
    expect(payment).toMatchObject({
      status: 'approved',
      purpose: 'application',
      method: 'card',
      methodName: 'Credit/Debit Card',
      currency: 'ZMW',
      amount: 3 * 30_000 + 1000 + 2700,
      card: { brand: 'Mastercard', last4: '4444' },
      payerPhone: null,
      settledAt: new Date(start).toISOString(),
      createdAt: new Date(start).toISOString(),
      instructions: null,
      refundDue: false,
      provider: 'sandbox',
    });
    expect(payment.lines).toEqual([
      { kind: 'plates', label: '3 plates × K300.00', amount: 90_000 },
      { kind: 'processing', label: 'Processing fee', amount: 1000 },
      { kind: 'gateway', label: 'Gateway fee (Credit/Debit Card, 3%)', amount: 2700 },
    ]);
    expect(payment.description).toMatch(/^Application LP-\d{6} \/ REQ-\d{3,} for 3 plates$/);
    expect(JSON.stringify(payment)).not.toContain('5555555555554444');
  });

  it("lists the payer's own payments newest first, and shows one only to its payer or an administrator", async () => {
    const older = (await apply({ paymentMethod: 'bank' })).payment;
    clock.ms = start + 1000;
    const newer = (await apply({ paymentMethod: 'card' })).payment;
    await payOnCardPage(app, newer.checkoutUrl, '4242424242424242', payer);
    const listed = (await get('/api/payments', payer.cookie))
      .json()
      .payments.map((payment: { id: string }) => payment.id);
    expect(listed.slice(0, 2)).toEqual([newer.id, older.id]);
    expect((await get('/api/payments', other.cookie)).json().payments).toEqual([]);
    expect((await get(`/api/payments/${older.id}`, payer.cookie)).statusCode).toBe(200);
    expect((await get(`/api/payments/${older.id}`, admin.cookie)).statusCode).toBe(200);
    const hidden = await get(`/api/payments/${older.id}`, other.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('This payment was not found.');
  });

  it('waits for the handset: only the payer answers, a decline is final, and its retry key is fresh', async () => {
    const submitted = await apply({ paymentMethod: 'mtn' });
    const payment = submitted.payment;
    expect(payment).toMatchObject({
      status: 'pending',
      payerPhone: '+260961234567',
      expiresAt: new Date(start + 120_000).toISOString(),
    });
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, other.cookie, { answer: 'approve' })).statusCode,
    ).toBe(404);
    const declined = await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'decline' });
    expect(declined.json().payment).toMatchObject({ status: 'declined', declineReason: DECLINED_ON_HANDSET });
    // The system log names it by its reference and its method by name, not by an internal number.
    const logged = await reportRepository(db).systemLogs({ from: new Date(0), to: new Date('2100-01-01') });
    expect(logged.map((row) => row.message)).toContain(
      `Payment ${payment.reference} (MTN Mobile Money) declined: ${DECLINED_ON_HANDSET}`,
    );
    // The same answer again changes nothing; the other answer is refused with the domain's words.
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'decline' })).statusCode,
    ).toBe(200);
    const approveLate = await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'approve' });
    expect(approveLate.statusCode).toBe(409);
    expect(approveLate.json().message).toBe('This payment was declined. Please start a new payment.');

    const appId = (
      await db.query<{ application_id: string }>('SELECT application_id FROM plate_requests WHERE reference = $1', [
        submitted.reference,
      ])
    )[0]?.application_id;
    const retryBody = { idempotencyKey: randomUUID(), method: 'airtel', phone: '0771234567' };
    const retry = await post(`/api/applications/${appId}/payments`, payer.cookie, retryBody);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({
      reference: submitted.reference,
      payment: { status: 'pending', method: 'airtel', payerPhone: '+260771234567', amount: 60_000 + 1000 + 1200 },
    });
    expect((await post(`/api/applications/${appId}/payments`, payer.cookie, retryBody)).json().payment.id).toBe(
      retry.json().payment.id,
    );
    const running = await post(`/api/applications/${appId}/payments`, payer.cookie, {
      ...retryBody,
      idempotencyKey: randomUUID(),
    });
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toMatch(/still in progress/);
    expect(
      (
        await post(`/api/payments/${retry.json().payment.id}/sandbox-prompt`, payer.cookie, { answer: 'approve' })
      ).json().payment.status,
    ).toBe('approved');
    const paid = await post(`/api/applications/${appId}/payments`, payer.cookie, {
      ...retryBody,
      idempotencyKey: randomUUID(),
    });
    expect(paid.json().message).toBe('This application is already paid.');
  });

  it('reads a request-to-pay nobody answered as timed out at exactly its expiry, settled at that instant', async () => {
    const { payment } = await apply({ paymentMethod: 'airtel', phoneNumber: '0971234567' });
    clock.ms = start + 120_000 - 1;
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment.status).toBe('pending');
    clock.ms = start + 120_000 + 5000;
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment).toMatchObject({
      status: 'timed_out',
      settledAt: new Date(start + 120_000).toISOString(),
    });
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, payer.cookie, { answer: 'approve' })).json().message,
    ).toBe('This payment request timed out. Please start a new payment.');
    // Recorded once refused, so the row now says what readers saw.
    expect(
      (await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [payment.id]))[0]?.status,
    ).toBe('timed_out');
  });

  it("takes the card on the provider's page: an invalid number is refused there, a test number settles on return", async () => {
    const { payment } = await apply({ paymentMethod: 'card' });
    expect(payment).toMatchObject({ status: 'pending', expiresAt: null, card: null });
    const invalid = await payOnCardPage(app, payment.checkoutUrl, '1234', payer);
    expect(invalid.page.statusCode).toBe(400);
    expect(invalid.page.body).toContain('Card number is not valid');
    // Someone else reading it learns nothing and settles nothing.
    expect((await get(`/api/payments/${payment.id}`, other.cookie)).statusCode).toBe(404);
    const declined = await payOnCardPage(app, payment.checkoutUrl, '4000 0000 0000 0069', payer);
    expect(declined.payment).toMatchObject({
      status: 'declined',
      declineReason: 'Card expired',
      card: { last4: '0069' },
    });
    const again = await payOnCardPage(app, payment.checkoutUrl, '4242424242424242', payer);
    expect(again.page.statusCode).toBe(410);
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment.status).toBe('declined');
    const started = (await apply({ paymentMethod: 'card' })).payment;
    const notTest = (await payOnCardPage(app, started.checkoutUrl, '4111 1111 1111 1111', payer)).payment;
    expect(notTest).toMatchObject({
      status: 'declined',
      declineReason: 'This is not a sandbox test card; use 4242 4242 4242 4242 to approve',
    });
  });

  it('keeps a bank transfer pending with instructions until an administrator marks it received, then tells the payer', async () => {
    const { payment } = await apply({ paymentMethod: 'bank', numberOfPlates: 1 });
    expect(payment).toMatchObject({ status: 'pending', amount: 31_000, expiresAt: null });
    expect(payment.instructions).toContain(payment.reference);
    clock.ms = start + 30 * 24 * 3600_000;
    expect((await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment.status).toBe('pending');
    const waiting = (await get('/api/admin/payments', admin.cookie)).json().payments;
    expect(waiting.map((pending: { id: string }) => pending.id)).toContain(payment.id);

    const received = await post(`/api/admin/payments/${payment.id}/received`, admin.cookie, {});
    expect(received.statusCode).toBe(200);
    expect(received.json().payment).toMatchObject({
      status: 'approved',
      instructions: null,
      settledAt: new Date(clock.ms).toISOString(),
    });
    expect((await post(`/api/admin/payments/${payment.id}/received`, admin.cookie, {})).statusCode).toBe(200);
    const notifications = (await get('/api/notifications', payer.cookie)).json().notifications;
    expect(
      notifications.filter(
        (notification: { kind: string; title: string }) =>
          notification.kind === 'payment-received' && notification.title === `Payment ${payment.reference} received`,
      ),
    ).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: `Payment ${payment.reference} received` });
    const audit = await auditRepository(db).recent(5);
    expect(audit.find((entry) => entry.action === 'payment.approve' && entry.target === payment.id)).toMatchObject({
      actorId: admin.id,
    });

    const mobile = (await apply({ paymentMethod: 'mtn' })).payment;
    const refused = await post(`/api/admin/payments/${mobile.id}/received`, admin.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ONLY_BANK_TRANSFERS);
    expect((await post(`/api/admin/payments/${payment.id}/received`, payer.cookie, {})).statusCode).toBe(403);
  });

  it('chooses the provider by PAYMENT_PROVIDER, the sandbox by default, and refuses an unknown one', () => {
    expect(paymentProviderFromEnv(db, {}).name).toBe('sandbox');
    expect(paymentProviderFromEnv(db, { PAYMENT_PROVIDER: 'sandbox' }).isSandbox).toBe(true);
    expect(() => paymentProviderFromEnv(db, { PAYMENT_PROVIDER: 'mtn-momo' })).toThrow(
      /PAYMENT_PROVIDER 'mtn-momo' is not known/,
    );
  });

  it('checks mobile-money numbers against the wallet’s network before any payment is recorded', () => {
    const sandbox = sandboxProvider(db);
    expect(sandbox.checkDetails('mtn', { phone: '076 123 4567' })).toEqual({
      ok: true,
      details: { payerPhone: '+260761234567' },
    });
    expect(sandbox.checkDetails('airtel', { phone: '+260 96 1234567' })).toMatchObject({
      ok: false,
      field: 'phone',
      message: 'This number is not on Airtel Money. Airtel numbers start with 097 or 077.',
    });
    expect(sandbox.checkDetails('mtn', {})).toMatchObject({ ok: false, field: 'phone' });
    expect(sandbox.checkDetails('bank', {})).toEqual({ ok: true, details: { payerPhone: null } });
  });
});
