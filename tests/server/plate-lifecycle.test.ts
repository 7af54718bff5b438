/**
 * One plate, one life: a number allocated to an approved application, and one bought in the
 * marketplace, each followed through every step (held, made, registered) with what a check
 * of the number says at each, what the owner's devices receive, and the audit trail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitsToBytes } from '#domain/credential/numeric';
import { decodeCredential } from '#domain/credential/credential';
import { decodeBucket, registryBucketOf } from '#domain/registry/registry-copy';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { Database } from '../../src/server/db/database';
import { userRepository } from '../../src/server/repositories/user-repository';
import { blanksOf, plateBlanks } from './shop-orders';
import { buildTestAppWithDb, postPayingByCard } from './test-app';

const APPROVE_CARD = { number: '4242 4242 4242 4242' };

describe('the plate lifecycle', () => {
  let app: FastifyInstance;
  let db: Database;
  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  const cookies: Record<string, string> = {};
  let buyerId = '';
  let agentId = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, cookie: string, payload: object) =>
    postPayingByCard(app, url, cookie, payload as Record<string, unknown>);
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const push = async (cookie: string, intent: string, payload: object) => {
    const response = await post('/api/sync/push', cookie, {
      clientId: `device-${intent}`,
      mutations: [{ id: randomUUID(), intent, payload }],
    });
    expect(response.statusCode).toBe(200);
    return response.json().results[0] as { outcome: string; status?: number; message?: string };
  };
  const verdict = async (plateNumber: string, cookie = '') =>
    (await get(`/api/verification/${plateNumber}`, cookie)).json();
  const myPlate = async (plateNumber: string, cookie = cookies.buyer ?? ''): Promise<OwnedPlate | undefined> =>
    ((await get('/api/me/plates', cookie)).json().plates as OwnedPlate[]).find(
      (plate) => plate.plateNumber === plateNumber,
    );
  const today = () => new Date().toISOString().slice(0, 10);
  const manufacture = (plateNumber: string, status: string) =>
    push(cookies.agent ?? '', 'recordManufacturing', {
      id: randomUUID(),
      plateNumber,
      status,
      batchNumber: 'B-LIFE-01',
      productionDate: today(),
      notes: '',
      ...blanksFor(plateNumber),
    });
  const sale = (plateNumber: string, extra: object = {}) => ({
    id: randomUUID(),
    plateNumber,
    vehicleMake: 'Toyota',
    vehicleModel: 'Hilux',
    vehicleColour: 'Silver',
    vehicleYear: 2021,
    chassisNumber: 'AHTFR22G807712345',
    ownerName: 'Mwila Banda',
    ownerNrc: '123456/78/9',
    saleDate: today(),
    registrationNumber: 'BAK 2026',
    entitlementReference: 'ORD-001',
    ...extra,
  });
  /** The shop's order for a held number: the entitlement its sale names. */
  const orderOf = async (plateNumber: string) =>
    (await db.query<{ order_id: string }>('SELECT order_id FROM plates WHERE plate_number = $1', [plateNumber]))[0]
      ?.order_id ?? '';
  async function pullAll(cookie: string) {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
    let cursor = '';
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await get(`/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie)
      ).json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return changes;
    }
    throw new Error('pull never finished');
  }
  async function copyRowOf(plateNumber: string, cookie: string) {
    const bucket = registryBucketOf(plateNumber);
    const body = (await get(`/api/registry/buckets?ids=${bucket}`, cookie)).json();
    return decodeBucket(body.buckets[0].rows).find((row) => row.plateNumber === plateNumber);
  }
  async function approvedApplicationPlate(): Promise<string> {
    const submitted = await post('/api/applications', cookies.buyer ?? '', {
      id: randomUUID(),
      fullName: 'Mwila Banda',
      nrcNumber: '123456/78/9',
      phoneNumber: '+260 97 1234567',
      email: 'buyer@nambala.zm',
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'card',
      card: APPROVE_CARD,
    });
    expect(submitted.statusCode).toBe(201);
    const decided = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [submitted.json().requestId],
      decision: 'approve',
    });
    const plate = decided.json().outcomes[0].plates[0] as string;
    expect(plate).toMatch(/^ZM-\d{3}-[A-Z]{3}$/);
    return plate;
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    buyerId = (await userRepository(db).findCredentials('buyer@nambala.zm'))?.user.id ?? '';
    agentId = (await userRepository(db).findCredentials('agent@nambala.zm'))?.user.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('takes an approved application’s number from held to made to registered, and a check says so at each step', async () => {
    const plate = await approvedApplicationPlate();

    // Held for the owner, not made: not "unknown", not fake.
    expect(await verdict(plate)).toMatchObject({
      verdict: 'Not yet issued',
      stage: 'Allocated',
      vehicle: null,
      expiryDate: null,
    });
    expect(await copyRowOf(plate, cookies.police ?? '')).toMatchObject({
      standing: 'Allocated',
      registrationDate: '',
      expiryDate: '',
    });
    expect(await myPlate(plate)).toMatchObject({
      stage: 'Held',
      source: 'application',
      ownerId: buyerId,
      registration: null,
      orderId: expect.stringMatching(/^ORD-/),
    });
    expect((await get(`/api/plates/${plate}/availability`)).json()).toMatchObject({ availability: 'allocated' });

    // In production is not made yet; printed is.
    expect(await manufacture(plate, 'In Production')).toMatchObject({ outcome: 'applied' });
    expect(await myPlate(plate)).toMatchObject({ stage: 'Held', manufacturingStatus: 'In Production' });
    expect(await manufacture(plate, 'Ready for Collection')).toMatchObject({ outcome: 'applied' });
    expect(await verdict(plate)).toMatchObject({ verdict: 'Not yet issued', stage: 'Made' });
    expect(await myPlate(plate)).toMatchObject({
      stage: 'Made',
      manufacturingStatus: 'Ready for Collection',
      shopName: expect.any(String),
      collectionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // The sale in the whitebook issues the registration and its credential.
    expect(
      await push(
        cookies.agent ?? '',
        'recordWhitebookEntry',
        sale(plate, { entitlementReference: await orderOf(plate) }),
      ),
    ).toMatchObject({ outcome: 'applied' });
    const expected = `${Number(today().slice(0, 4)) + 5}${today().slice(4)}`;
    expect(await verdict(plate)).toMatchObject({
      verdict: 'Valid',
      vehicle: { make: 'Toyota', model: 'Hilux', colour: 'Silver', year: 2021 },
      registrationDate: today(),
      expiryDate: expected,
    });
    expect(await verdict(plate, cookies.police ?? '')).toMatchObject({
      verdict: 'Valid',
      tier: 'police',
      owner: { name: 'Mwila Banda' },
    });
    expect(await copyRowOf(plate, cookies.police ?? '')).toMatchObject({
      standing: 'Valid',
      make: 'Toyota',
      expiryDate: expected,
    });
    const owned = await myPlate(plate);
    expect(owned).toMatchObject({
      stage: 'Registered',
      registration: { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9', standing: 'Valid', expiryDate: expected },
    });
    const bytes = digitsToBytes(owned?.registration?.credentialDigits ?? '');
    if (!bytes) throw new Error('the owner’s plate carries no credential');
    const credential = decodeCredential(bytes);
    expect(credential.ok && credential.fields).toMatchObject({
      plateNumber: plate,
      make: 'Toyota',
      colour: 'Silver',
      expiryDate: expected,
    });
    expect((await get(`/api/plates/${plate}/availability`)).json()).toMatchObject({ availability: 'registered' });

    // The shop's order is fulfilled, and the owner was told.
    const [order] = await db.query<{ status: string }>(
      'SELECT o.status FROM agent_orders o JOIN plates p ON p.order_id = o.id WHERE p.plate_number = $1',
      [plate],
    );
    expect(order?.status).toBe('Fulfilled');
    const notifications = (await get('/api/notifications', cookies.buyer ?? '')).json().notifications as Array<{
      kind: string;
      title: string;
    }>;
    expect(notifications.map((notification) => notification.kind)).toEqual(
      expect.arrayContaining(['plate-ready', 'plate-registered']),
    );

    // Each step was audited once.
    const audit = await db.query<{ action: string; detail: { order?: string } }>(
      "SELECT action, detail FROM audit_log WHERE target = $1 AND action LIKE 'plate.%' ORDER BY at",
      [plate],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['plate.held', 'plate.made', 'plate.registered']);
    // The held, made and registered lines name the shop's order by its number and the buyer's references.
    const orderLine = /^ORD-\d+ for LP-\d{6} \/ REQ-\d{3,}$/;
    expect(audit[0]?.detail.order).toMatch(orderLine);
    expect(audit[1]?.detail.order).toBe(audit[0]?.detail.order);
    expect(audit[2]?.detail.order).toBe(audit[0]?.detail.order);
  });

  it('puts the owner’s plate on their devices at each step, and on nobody else’s', async () => {
    const plate = await approvedApplicationPlate();
    await manufacture(plate, 'Printed');
    await push(
      cookies.agent ?? '',
      'recordWhitebookEntry',
      sale(plate, { entitlementReference: await orderOf(plate) }),
    );
    const mine = (await pullAll(cookies.buyer ?? '')).filter(
      (change) => change.entity === 'ownedPlate' && change.id === plate,
    );
    expect(mine.at(-1)).toMatchObject({ op: 'put', data: { stage: 'Registered', plateNumber: plate } });
    for (const other of ['agent', 'police', 'admin'] as const) {
      expect((await pullAll(cookies[other] ?? '')).some((change) => change.entity === 'ownedPlate')).toBe(false);
    }
  });

  it('holds a marketplace purchase for its buyer, gives a shop the order, and registers it on the shop’s sale', async () => {
    const listings = (await get('/api/listings')).json().listings as Array<{
      id: string;
      number: string;
      status: string;
    }>;
    const listing = listings.find((candidate) => candidate.status === 'Available');
    if (!listing) throw new Error('no available listing in the demo data');
    // Buy Now names the owner: the registry holds the number for that NRC and the shop's order carries it.
    const owner = { ownerName: 'Mwila Banda', ownerNrc: '234567/89/1' };
    const bought = await post(`/api/listings/${listing.id}/buy`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ...owner,
    });
    expect(bought.json()).toMatchObject({
      payment: { status: 'approved', owner: { name: 'Mwila Banda', nrc: '234567/89/1' } },
      order: owner,
    });
    const [entitlement] = await db.query<{
      owner_name: string;
      owner_nrc: string;
      customer_name: string;
      customer_nrc: string;
    }>(
      'SELECT p.owner_name, p.owner_nrc, o.customer_name, o.customer_nrc FROM plates p JOIN agent_orders o ON o.id = p.order_id WHERE p.plate_number = $1',
      [listing.number],
    );
    expect(entitlement).toEqual({
      owner_name: 'Mwila Banda',
      owner_nrc: '234567/89/1',
      customer_name: 'Mwila Banda',
      customer_nrc: '234567/89/1',
    });

    expect(await verdict(listing.number)).toMatchObject({ verdict: 'Not yet issued', stage: 'Allocated' });
    const held = await myPlate(listing.number);
    expect(held).toMatchObject({
      stage: 'Held',
      source: 'marketplace',
      sourceRef: expect.stringMatching(/^PO-\d{6}$/),
      orderId: expect.stringMatching(/^ORD-/),
    });
    const agentOrders = (await pullAll(cookies.agent ?? '')).filter(
      (change) => change.entity === 'agentOrder' && change.data?.plateNumber === listing.number,
    );
    expect(agentOrders.at(-1)?.data).toMatchObject({ agentId, status: 'Pending', customerName: expect.any(String) });
    // The shop's order names the buyer's PO- reference, so the shop and a support desk can match it.
    expect(agentOrders.at(-1)?.data).toMatchObject({ reference: held?.sourceRef, requestId: null });

    await manufacture(listing.number, 'Collected');
    expect(
      await push(
        cookies.agent ?? '',
        'recordWhitebookEntry',
        sale(listing.number, {
          chassisNumber: 'JTDBR32E720199999',
          ownerNrc: owner.ownerNrc,
          entitlementReference: held?.orderId,
        }),
      ),
    ).toMatchObject({ outcome: 'applied' });
    expect(await verdict(listing.number, cookies.police ?? '')).toMatchObject({
      verdict: 'Valid',
      owner: { name: 'Mwila Banda' },
    });
    expect(await myPlate(listing.number)).toMatchObject({ stage: 'Registered' });
  });

  it('refuses a second registration of a number (a clone) and a sale by a shop that is not making it', async () => {
    const clone = await push(cookies.agent ?? '', 'recordWhitebookEntry', sale('ZM-123-ABC'));
    expect(clone).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: expect.stringContaining('Plate ZM-123-ABC is already registered (since 2024-03-15)'),
    });

    const plate = await approvedApplicationPlate();
    const email = `shop-${randomUUID()}@example.zm`;
    const [{ password_hash: passwordHash } = { password_hash: '' }] = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [agentId],
    );
    const otherShop = await userRepository(db).create({
      email,
      name: 'Other Shop',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Active',
      passwordHash,
      requestedRole: null,
      roles: ['agent'],
    });
    expect(otherShop).toBeDefined();
    const otherCookie = await signIn(email, 'Agent#2026');
    const refused = await push(otherCookie, 'recordWhitebookEntry', sale(plate));
    expect(refused).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: expect.stringContaining('being made for its owner by another shop'),
    });
    expect(await verdict(plate)).toMatchObject({ verdict: 'Not yet issued' });
  });

  it('takes a rejected application’s numbers back: the check no longer finds them and the owner’s device drops them', async () => {
    const plate = await approvedApplicationPlate();
    const [{ request_id: requestId } = { request_id: '' }] = await db.query<{ request_id: string }>(
      'SELECT request_id FROM request_plates WHERE plate_number = $1',
      [plate],
    );
    const before = (await get(`/api/registry/manifest`, cookies.police ?? '')).json().version as number;
    const rejected = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [requestId],
      decision: 'reject',
      reason: 'The NRC could not be confirmed.',
    });
    expect(rejected.json().outcomes[0]).toMatchObject({ ok: true, status: 'Rejected' });
    expect(await verdict(plate)).toMatchObject({ verdict: 'Unknown plate' });
    expect(await copyRowOf(plate, cookies.police ?? '')).toBeUndefined();
    expect((await get(`/api/registry/manifest`, cookies.police ?? '')).json().version).toBeGreaterThan(before);
    const last = (await pullAll(cookies.buyer ?? ''))
      .filter((change) => change.entity === 'ownedPlate' && change.id === plate)
      .at(-1);
    expect(last).toMatchObject({ op: 'delete' });
  });

  it('lists the owner’s orders in progress with where each stands, and only theirs', async () => {
    const orders = (await get('/api/me/orders', cookies.buyer ?? '')).json().orders as Array<{
      kind: string;
      reference: string;
      status: string;
      plates: string[];
    }>;
    expect(
      orders.some((order) => order.kind === 'application' && order.status === 'Approved' && order.plates.length === 1),
    ).toBe(true);
    expect(orders.some((order) => order.kind === 'application' && order.status === 'Rejected')).toBe(true);
    for (const order of orders) expect(order.reference).toMatch(/^(LP-\d{6}|ZM-)/);
    const agentsOrders = (await get('/api/me/orders', cookies.agent ?? '')).json().orders as unknown[];
    expect(agentsOrders).toEqual([]);
    expect((await get('/api/me/orders')).statusCode).toBe(401);
    expect((await get('/api/me/plates')).statusCode).toBe(401);
  });

  it('lets a buyer cancel their own live reservation, which returns the plate to sale and keeps the fee', async () => {
    const listings = (await get('/api/listings')).json().listings as Array<{
      id: string;
      number: string;
      status: string;
    }>;
    const listing = listings.filter((candidate) => candidate.status === 'Available').at(-1);
    if (!listing) throw new Error('no available listing in the demo data');
    const reserved = await post(`/api/listings/${listing.id}/reserve`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
    });
    expect(reserved.json()).toMatchObject({ payment: { status: 'approved' }, listing: { status: 'Reserved' } });
    const orders = (await get('/api/me/orders', cookies.buyer ?? '')).json().orders as Array<{
      kind: string;
      reference: string;
      fee: number | null;
      reservedUntil: string | null;
    }>;
    expect(orders.find((order) => order.kind === 'reservation' && order.reference === listing.number)).toMatchObject({
      fee: 20_000,
      reservedUntil: expect.any(String),
    });

    expect((await post(`/api/listings/${listing.id}/reservation/cancel`, cookies.agent ?? '', {})).statusCode).toBe(
      409,
    );
    const cancelled = await post(`/api/listings/${listing.id}/reservation/cancel`, cookies.buyer ?? '', {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().listing).toMatchObject({ status: 'Available' });
    expect((await post(`/api/listings/${listing.id}/reservation/cancel`, cookies.buyer ?? '', {})).statusCode).toBe(
      409,
    );
    const after = (await get('/api/me/orders', cookies.buyer ?? '')).json().orders as Array<{
      kind: string;
      reference: string;
    }>;
    expect(after.some((order) => order.kind === 'reservation' && order.reference === listing.number)).toBe(false);
    const [payment] = await db.query<{ status: string }>(
      'SELECT status FROM payments WHERE listing_id = $1 AND purpose = $2',
      [listing.id, 'reservation'],
    );
    expect(payment?.status).toBe('approved');
  });
});

describe('the demo owner', () => {
  it('holds registered plates made through the lifecycle, one of them due for renewal within 90 days', async () => {
    const { app, db } = await buildTestAppWithDb({ seedDemo: true });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'buyer@nambala.zm', password: 'Buyer#2026' },
      });
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      const plates = (await app.inject({ method: 'GET', url: '/api/me/plates', headers: { cookie } })).json()
        .plates as OwnedPlate[];
      const registered = plates.filter((plate) => plate.stage === 'Registered');
      expect(registered).toHaveLength(2);
      const today = new Date().toISOString().slice(0, 10);
      const daysLeft = registered
        .map((plate) =>
          Math.round(
            (Date.parse(`${plate.registration?.expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
          ),
        )
        .sort((a, b) => a - b);
      expect(daysLeft[0]).toBeGreaterThan(30);
      expect(daysLeft[0]).toBeLessThanOrEqual(90);
      expect(daysLeft[1]).toBeGreaterThan(365 * 4);
      // And one still being made: the approved demo application's plate.
      expect(
        plates.some(
          (plate) =>
            plate.plateNumber === 'ZM-101-ABC' &&
            plate.stage === 'Held' &&
            plate.manufacturingStatus === 'In Production',
        ),
      ).toBe(true);
      for (const plate of registered) {
        const verdict = (await app.inject({ method: 'GET', url: `/api/verification/${plate.plateNumber}` })).json();
        expect(verdict).toMatchObject({ verdict: 'Valid', vehicle: { make: plate.registration?.make } });
      }
      // A small fleet with drivers: each registered plate on its vehicle, a van waiting for one, every vehicle driven.
      const vehicles = await db.query<{ plate_number: string | null; driver_id: string | null }>(
        "SELECT v.plate_number, v.driver_id FROM vehicles v JOIN users u ON u.id = v.owner_id WHERE u.email = 'buyer@nambala.zm'",
      );
      expect(vehicles).toHaveLength(3);
      expect(
        vehicles
          .map((vehicle) => vehicle.plate_number)
          .filter(Boolean)
          .sort(),
      ).toEqual(registered.map((plate) => plate.plateNumber).sort());
      expect(vehicles.every((vehicle) => vehicle.driver_id !== null)).toBe(true);
      const changes = (
        await app.inject({ method: 'GET', url: '/api/sync/pull?limit=1000', headers: { cookie } })
      ).json().changes as Array<{ entity: string }>;
      expect(changes.filter((change) => change.entity === 'driver').length).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  }, 60_000);
});
