/**
 * Renewals over HTTP on a clock the test moves five years on: the 90-day window, the fee
 * paid through the payment sandbox, the registration re-issued with the new expiry (the
 * old one plus five years, or today plus five once expired) when the payment is approved,
 * an expired plate verifying as Expired until then, who may renew, reminders at 90, 30
 * and 7 days, and the test clock route that exists only with TEST_CLOCK.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/domain/dates/calendar-day';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database } from '../../src/server/db/database';
import { openTestDatabase, postPayingByCard } from './test-app';
import { sendRenewalReminders } from '../../src/server/jobs/renewal-reminders';
import { plateLifecycle } from '../../src/server/lifecycle/plate-lifecycle';
import {
  NOT_YOUR_PLATE_TO_RENEW,
  notRegistered,
  notYours,
  renewalRunning,
} from '../../src/server/payments/renewal-checkout';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { type Account, dayAfter, type OwnerPlatesHarness, ownerPlatesHarness } from './owner-plates';
import { checkWordsPeopleRead } from './words-people-read';

const APPROVE_CARD = { number: '4242 4242 4242 4242' };
const DECLINE_CARD = { number: '4000 0000 0000 0002' };
const at = (day: string) => Date.parse(`${day}T09:00:00Z`);

describe('renewals', () => {
  let harness: OwnerPlatesHarness;
  let app: FastifyInstance;
  let db: Database;
  let owner: Account;
  let stranger: Account;
  let admin: Account;
  let startMs: number;

  // By card, the owner pays on the card provider's page with the body's `card` (never sent to Nambala).
  const renew = (plateNumber: string, body: object = {}, by: Account = owner) =>
    postPayingByCard(app, `/api/plates/${encodeURIComponent(plateNumber)}/renewals`, by.cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ...body,
    });
  const registration = async (plateNumber: string) => {
    const found = await registryRepository(db).find(plateNumber);
    if (!found) throw new Error(`${plateNumber} is not registered`);
    return found;
  };
  const publicVerdict = async (plateNumber: string) =>
    (await harness.get(`/api/verification/${encodeURIComponent(plateNumber)}`)).json().verdict;
  const notificationKinds = async (userId: string) =>
    (
      await db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1 ORDER BY created_at', [
        userId,
      ])
    ).map((row) => row.kind);

  beforeAll(async () => {
    harness = await ownerPlatesHarness();
    ({ app, db } = harness);
    startMs = harness.clock.ms;
    owner = await harness.account('Mwila Banda');
    stranger = await harness.account('Bupe Tembo');
    admin = await harness.account('Registry Admin', { roles: ['admin'] });
  }, 60_000);
  afterEach(() => {
    harness.clock.ms = startMs;
  });
  afterAll(() => app.close());

  it('registers a plate for five years, and refuses to renew it more than 90 days before its expiry, saying from when', async () => {
    const sold = dayAfter(harness.today(), -10);
    const plate = await harness.registerPlate(owner, sold);
    const { expiryDate } = await registration(plate);
    expect(expiryDate).toBe(`${Number(sold.slice(0, 4)) + 5}${sold.slice(4)}`);
    const refused = await renew(plate);
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      message: `Plate ${plate} can be renewed from ${formatDay(dayAfter(expiryDate, -90))}, 90 days before its registration expires on ${formatDay(expiryDate)}.`,
    });
    expect((await db.query('SELECT 1 FROM payments WHERE plate_number = $1', [plate])).length).toBe(0);
    const quote = await harness.get(`/api/plates/${encodeURIComponent(plate)}/renewal`, owner.cookie);
    expect(quote.json().quote).toMatchObject({
      expiryDate,
      isExpired: false,
      renewableFrom: dayAfter(expiryDate, -90),
      fee: DEFAULT_PRICING.renewalFee,
      validityYears: 5,
      refusal: refused.json().message,
    });
  });

  it('quotes a renewal by the server’s clock, for the owner only', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const { expiryDate } = await registration(plate);
    harness.clock.ms = at(dayAfter(expiryDate, 3));
    const quote = (await harness.get(`/api/plates/${encodeURIComponent(plate)}/renewal`, owner.cookie)).json().quote;
    const today = harness.today();
    expect(quote).toMatchObject({
      isExpired: true,
      refusal: null,
      newExpiryDate: `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`,
    });
    expect(
      (await harness.get(`/api/plates/${encodeURIComponent(plate)}/renewal`, stranger.cookie)).json(),
    ).toMatchObject({ statusCode: 404, message: notYours(plate) });
  });

  it('five years on, 60 days before expiry: the fee is paid by card and the registration runs five more years from its expiry; the old QR code reads Revoked, the new one Valid', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const before = await registration(plate);
    const oldDigits = (await harness.ownedPlate(owner, plate))?.registration?.credentialDigits ?? '';
    harness.clock.ms = at(dayAfter(before.expiryDate, -60));
    expect(await publicVerdict(plate)).toBe('Valid');

    const response = await renew(plate);
    expect(response.statusCode).toBe(201);
    const newExpiry = `${Number(before.expiryDate.slice(0, 4)) + 5}${before.expiryDate.slice(4)}`;
    expect(response.json().payment).toMatchObject({
      status: 'approved',
      purpose: 'renewal',
      amount: DEFAULT_PRICING.renewalFee,
      description: `Renewal of plate ${plate} until ${formatDay(newExpiry)}`,
    });

    const after = await registration(plate);
    expect(after).toMatchObject({
      registrationDate: harness.today(),
      expiryDate: newExpiry,
      ownerName: before.ownerName,
      ownerNrc: before.ownerNrc,
      standing: 'Valid',
    });
    const newDigits = (await harness.ownedPlate(owner, plate))?.registration?.credentialDigits ?? '';
    expect(await harness.scan(oldDigits)).toMatchObject({
      verdict: 'Revoked',
      revocation: { supersededBefore: harness.today() },
    });
    expect(await harness.scan(newDigits)).toMatchObject({ verdict: 'Valid', credential: { expiryDate: newExpiry } });

    const [payment] = await db.query<{ purpose: string; plate_number: string; effect: string }>(
      'SELECT purpose, plate_number, effect FROM payments WHERE plate_number = $1',
      [plate],
    );
    expect(payment).toEqual({ purpose: 'renewal', plate_number: plate, effect: 'applied' });
    expect(await notificationKinds(owner.id)).toContain('plate-renewed');
    const [audit] = await db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'plate.renewed' AND target = $1",
      [plate],
    );
    expect(audit?.detail).toMatchObject({ previousExpiryDate: before.expiryDate, expiryDate: newExpiry });
    // The receipt reads as a renewal in the owner's payments.
    const listed = (await harness.get('/api/payments', owner.cookie)).json().payments;
    expect(listed.find((item: { purpose: string }) => item.purpose === 'renewal')).toMatchObject({
      status: 'approved',
      lines: [{ kind: 'renewal-fee', amount: DEFAULT_PRICING.renewalFee }],
    });
    // Renewed, it is not renewable again until its new window.
    expect((await renew(plate)).json().message).toContain('can be renewed from');
  });

  it('an expired plate verifies as Expired until renewed; renewed by mobile money, it runs five years from the day it was paid', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const before = await registration(plate);
    const oldDigits = (await harness.ownedPlate(owner, plate))?.registration?.credentialDigits ?? '';
    const today = dayAfter(before.expiryDate, 30);
    harness.clock.ms = at(today);
    expect(await publicVerdict(plate)).toBe('Expired');
    expect(await harness.scan(oldDigits)).toMatchObject({ verdict: 'Expired' });

    const key = randomUUID();
    const started = await renew(plate, { idempotencyKey: key, method: 'mtn', phone: '0961234567', card: undefined });
    expect(started.statusCode).toBe(201);
    const payment = started.json().payment;
    expect(payment).toMatchObject({ status: 'pending', payerPhone: '+260961234567' });
    expect(await publicVerdict(plate)).toBe('Expired');
    // The same attempt again finds its payment; another attempt waits for it.
    const replay = await renew(plate, { idempotencyKey: key, method: 'mtn', phone: '0961234567', card: undefined });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payment.id).toBe(payment.id);
    expect((await renew(plate)).json()).toMatchObject({ statusCode: 409, message: renewalRunning(plate) });

    const approved = await harness.post(`/api/payments/${payment.id}/sandbox-prompt`, owner.cookie, {
      answer: 'approve',
    });
    expect(approved.json().payment.status).toBe('approved');
    const newExpiry = `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`;
    expect(await registration(plate)).toMatchObject({ registrationDate: today, expiryDate: newExpiry });
    expect(await publicVerdict(plate)).toBe('Valid');
    expect(await harness.scan(oldDigits)).toMatchObject({ verdict: 'Revoked' });
  });

  it('a bank transfer confirmed days later renews to the expiry shown when it was paid for', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const before = await registration(plate);
    const paidOn = dayAfter(before.expiryDate, 2);
    harness.clock.ms = at(paidOn);
    const started = await renew(plate, { method: 'bank', card: undefined });
    expect(started.json().payment).toMatchObject({ status: 'pending', method: 'bank' });
    harness.clock.ms = at(dayAfter(paidOn, 3));
    const received = await harness.post(`/api/admin/payments/${started.json().payment.id}/received`, admin.cookie);
    expect(received.json().payment.status).toBe('approved');
    expect(await registration(plate)).toMatchObject({
      registrationDate: dayAfter(paidOn, 3),
      expiryDate: `${Number(paidOn.slice(0, 4)) + 5}${paidOn.slice(4)}`,
    });
  });

  it('renews nothing when the payment is declined', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const before = await registration(plate);
    harness.clock.ms = at(dayAfter(before.expiryDate, -5));
    const declined = await renew(plate, { card: DECLINE_CARD });
    expect(declined.json().payment.status).toBe('declined');
    expect(await registration(plate)).toMatchObject({
      registrationDate: before.registrationDate,
      expiryDate: before.expiryDate,
    });
  });

  it('lets only the owner renew, and not a revoked, stolen or unregistered plate', async () => {
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const { expiryDate } = await registration(plate);
    harness.clock.ms = at(dayAfter(expiryDate, -10));
    expect((await renew(plate, {}, stranger)).json()).toMatchObject({
      statusCode: 403,
      message: NOT_YOUR_PLATE_TO_RENEW,
    });
    expect((await renew('ZZ 0001')).json()).toMatchObject({ statusCode: 403, message: NOT_YOUR_PLATE_TO_RENEW });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/plates/${encodeURIComponent(plate)}/renewals`,
          payload: { idempotencyKey: randomUUID(), method: 'card' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await renew(plate, { method: 'cash' })).statusCode).toBe(400);
    expect((await renew(plate, { idempotencyKey: 'again' })).statusCode).toBe(400);

    await registryRepository(db).setStanding(plate, 'Stolen');
    expect((await renew(plate)).json()).toMatchObject({
      statusCode: 409,
      message: `Plate ${plate} is reported stolen, so its registration cannot be renewed.`,
    });
    await registryRepository(db).setStanding(plate, 'Revoked');
    expect((await renew(plate)).json()).toMatchObject({
      statusCode: 409,
      message: `Plate ${plate} has been revoked, so its registration cannot be renewed.`,
    });

    await db.transaction((tx) =>
      plateLifecycle(tx).hold(
        {
          plateNumber: 'HELD 1',
          ownerId: owner.id,
          ownerName: 'Mwila Banda',
          ownerNrc: '123456/78/9',
          source: 'marketplace',
          sourceRef: 'PO-HELD',
          agentId: null,
          orderId: null,
          at: new Date(),
        },
        { id: null },
      ),
    );
    expect((await renew('HELD 1')).json()).toMatchObject({ statusCode: 409, message: notRegistered('HELD 1') });
  });

  it('refunds a renewal approved after the plate changed hands, instead of renewing it', async () => {
    const recipient = await harness.account('Chanda Mulenga');
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
    const before = await registration(plate);
    harness.clock.ms = at(dayAfter(before.expiryDate, -20));
    const payment = (await renew(plate, { method: 'airtel', phone: '0971234567', card: undefined })).json().payment;
    const transfer = (
      await harness.post(`/api/plates/${encodeURIComponent(plate)}/transfers`, owner.cookie, {
        toContact: recipient.email,
      })
    ).json().transfer;
    expect(
      (
        await harness.post(`/api/transfers/${transfer.id}/accept`, recipient.cookie, {
          ownerName: 'Chanda Mulenga',
          ownerNrc: '234567/89/1',
        })
      ).statusCode,
    ).toBe(200);
    await harness.post(`/api/payments/${payment.id}/sandbox-prompt`, owner.cookie, { answer: 'approve' });
    const [stored] = await db.query<{ status: string; effect: string }>(
      'SELECT status, effect FROM payments WHERE id = $1',
      [payment.id],
    );
    expect(stored).toEqual({ status: 'approved', effect: 'refund_due' });
    expect((await registration(plate)).expiryDate).toBe(before.expiryDate);
  });

  it('reminds the owner at 90, 30 and 7 days before expiry, once each, and afresh after a renewal', async () => {
    const reminded = await harness.account('Natasha Zulu');
    // Registered on a day of its own, so no other test's plate shares its expiry date.
    const plate = await harness.registerPlate(reminded, dayAfter(harness.today(), -20));
    const revoked = await harness.registerPlate(reminded, dayAfter(harness.today(), -20));
    await registryRepository(db).setStanding(revoked, 'Revoked');
    const { expiryDate } = await registration(plate);
    const remindersOf = async (number: string) =>
      (
        await db.query<{ days: number }>(
          'SELECT days FROM renewal_reminders WHERE plate_number = $1 ORDER BY days DESC',
          [number],
        )
      ).map((row) => row.days);
    const titles = async () =>
      (
        await db.query<{ title: string }>(
          "SELECT title FROM notifications WHERE user_id = $1 AND kind = 'renewal-reminder' ORDER BY created_at",
          [reminded.id],
        )
      ).map((row) => row.title);
    const runOn = async (day: string) => {
      await sendRenewalReminders(db, new Date(at(day)));
      return titles();
    };

    expect(await runOn(dayAfter(expiryDate, -91))).toEqual([]);
    expect(await runOn(dayAfter(expiryDate, -90))).toEqual([`Plate ${plate} expires in 90 days`]);
    expect(await runOn(dayAfter(expiryDate, -90))).toHaveLength(1);
    expect(await runOn(dayAfter(expiryDate, -45))).toHaveLength(1);
    expect((await runOn(dayAfter(expiryDate, -30))).at(-1)).toBe(`Plate ${plate} expires in 30 days`);
    expect((await runOn(dayAfter(expiryDate, -7))).at(-1)).toBe(`Plate ${plate} expires in 7 days`);
    expect(await runOn(dayAfter(expiryDate, -1))).toHaveLength(3);
    expect(await runOn(dayAfter(expiryDate, 1))).toHaveLength(3);
    expect(await remindersOf(plate)).toEqual([90, 30, 7]);
    expect(await remindersOf(revoked)).toEqual([]);

    // Renewed, the new expiry date is reminded of afresh when its time comes.
    harness.clock.ms = at(dayAfter(expiryDate, -7));
    expect((await renew(plate, {}, reminded)).json().payment.status).toBe('approved');
    const renewed = (await registration(plate)).expiryDate;
    expect(await runOn(dayAfter(expiryDate, -6))).toHaveLength(3);
    expect((await runOn(dayAfter(renewed, -90))).at(-1)).toBe(`Plate ${plate} expires in 90 days`);
  });
});

describe('the test clock', () => {
  async function appWith(env: NodeJS.ProcessEnv) {
    const db = await openTestDatabase();
    const config = loadConfig(env, {
      dataDir: 'memory://',
      seedDemo: false,
      appDir: '/nonexistent',
      logLevel: 'silent',
    });
    const app = await buildApp({ config, db, logger: false });
    checkWordsPeopleRead(app, db, () => db.close());
    const cookieOf = async (role: 'admin' | 'buyer') => {
      const user = await userRepository(db).create({
        email: `${role}@clock.zm`,
        name: role,
        passwordHash: 'x',
        accountType: 'individual',
        userType: 'Customer',
        status: 'Active',
        requestedRole: null,
        roles: [role],
      });
      const token = `clock-${role}-${randomUUID()}`;
      await sessionRepository(db).create(token, user?.id ?? '', new Date(Date.now() + 3600_000));
      return `nambala_session=${token}`;
    };
    return { app, admin: await cookieOf('admin'), buyer: await cookieOf('buyer') };
  }

  it('moves the server clock for an administrator when TEST_CLOCK is set, and refuses anyone else', async () => {
    const { app, admin, buyer } = await appWith({ TEST_CLOCK: 'true' });
    try {
      const moved = await app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        headers: { cookie: admin },
        payload: { offsetDays: 1830 },
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().offsetDays).toBe(1830);
      expect(Date.parse(moved.json().now) - Date.now()).toBeGreaterThan(1829 * 86_400_000);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/test/clock',
            headers: { cookie: buyer },
            payload: { offsetDays: 1 },
          })
        ).statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'PUT', url: '/api/test/clock', payload: { offsetDays: 1 } })).statusCode).toBe(
        401,
      );
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/test/clock',
            headers: { cookie: admin },
            payload: { offsetDays: 1.5 },
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('does not exist without TEST_CLOCK', async () => {
    const { app, admin } = await appWith({});
    try {
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/test/clock',
            headers: { cookie: admin },
            payload: { offsetDays: 1 },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
    }
  });
});
