/**
 * Prices and fees as settings: the spec's figures by default, changed by an administrator
 * (validated, audited, kept in the history), and read by every charge the server makes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { AMOUNT_INVALID } from '#domain/pricing/pricing-form';
import type { Database } from '../../src/server/db/database';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { buildTestAppWithDb, postPayingByCard } from './test-app';

describe('pricing settings', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const put = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/settings/pricing', headers: { cookie }, payload });
  const pricing = async () => (await app.inject({ method: 'GET', url: '/api/settings/pricing' })).json();

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(() => app.close());

  it('serves the spec’s prices to anyone until an administrator changes them', async () => {
    const answer = await pricing();
    expect(answer).toEqual({
      settings: DEFAULT_PRICING,
      updatedAt: null,
      paymentMethods: [
        { id: 'mtn', name: 'MTN Mobile Money', feeLabel: '2%' },
        { id: 'airtel', name: 'Airtel Money', feeLabel: '2%' },
        { id: 'card', name: 'Credit/Debit Card', feeLabel: '3%' },
        { id: 'bank', name: 'Bank Transfer', feeLabel: 'Free' },
      ],
    });
  });

  it('refuses amounts past K1,000,000 (which overflowed quotes into 500s), each with the form’s message, and keeps the prices', async () => {
    const before = (await pricing()).settings;
    const huge = await put(cookies.admin ?? '', {
      ...before,
      platePrice: 10 ** 12,
      processingFee: 2 ** 31,
      renewalFee: 100_000_001,
    });
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json().fields).sort()).toEqual(['platePrice', 'processingFee', 'renewalFee']);
    expect(huge.json().fields.platePrice).toBe(AMOUNT_INVALID);
    expect((await pricing()).settings).toEqual(before);
    // The bound itself is allowed, and every quote still answers.
    expect((await put(cookies.admin ?? '', { ...before, platePrice: 100_000_000 })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/settings/pricing' })).statusCode).toBe(200);
    expect((await put(cookies.admin ?? '', before)).statusCode).toBe(200);
  });

  it('lets only an administrator change them, validated, audited and kept with the values they replaced', async () => {
    const changed = {
      ...DEFAULT_PRICING,
      platePrice: 35_000,
      gatewayFeeBasisPoints: { mtn: 250, airtel: 200, card: 300, bank: 0 },
    };
    expect((await put(cookies.buyer ?? '', changed)).statusCode).toBe(403);
    const bad = await put(cookies.admin ?? '', { ...changed, reservationDays: 0, processingFee: 10.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['processingFee', 'reservationDays']);

    const saved = await put(cookies.admin ?? '', changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toEqual(changed);
    expect(saved.json().paymentMethods[0]).toEqual({ id: 'mtn', name: 'MTN Mobile Money', feeLabel: '2.5%' });
    expect((await pricing()).settings).toEqual(changed);

    const history = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/settings/pricing/history',
        headers: { cookie: cookies.admin ?? '' },
      })
    ).json().history;
    expect(history[0]).toMatchObject({
      settings: changed,
      previous: DEFAULT_PRICING,
      changedBy: { name: 'Bwalya Mulenga' },
    });
    const audit = (await auditRepository(db).recent(10)).find((entry) => entry.action === 'settings.pricing');
    expect(audit?.detail).toMatchObject({ before: DEFAULT_PRICING, after: changed });
  });

  it('charges applications and reservations at the prices in force', async () => {
    await put(cookies.admin ?? '', {
      ...DEFAULT_PRICING,
      platePrice: 40_000,
      processingFee: 1500,
      reservationFee: 25_000,
      gatewayFeeBasisPoints: { mtn: 100, airtel: 200, card: 300, bank: 0 },
    });
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: cookies.buyer ?? '' },
      payload: {
        id: randomUUID(),
        fullName: 'Mwila Banda',
        nrcNumber: '123456/78/9',
        phoneNumber: '0961234567',
        email: 'mwila@example.zm',
        address: 'Lusaka',
        vehicleMake: 'Toyota',
        vehicleModel: 'Corolla',
        registrationNotYetKnown: true,
        numberOfPlates: 2,
        paymentMethod: 'mtn',
      },
    });
    expect(submitted.json().payment).toMatchObject({
      amount: 80_000 + 1500 + 800,
      lines: [
        { label: '2 plates × K400.00' },
        { amount: 1500 },
        { label: 'Gateway fee (MTN Mobile Money, 1%)', amount: 800 },
      ],
    });

    const listing = (await db.query<{ id: string }>("SELECT id FROM plate_listings WHERE number = 'ZM-444-CHP'"))[0]
      ?.id;
    const reserved = await postPayingByCard(app, `/api/listings/${listing}/reserve`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: { number: '4242424242424242' },
    });
    expect(reserved.json().payment).toMatchObject({ amount: 25_000, status: 'approved' });
    expect(Date.parse(reserved.json().listing.reservedUntil) - Date.parse(reserved.json().payment.settledAt)).toBe(
      7 * 24 * 3600_000,
    );
  });
});
