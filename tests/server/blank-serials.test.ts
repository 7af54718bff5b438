/**
 * Every blank accounted for (decision 042): a shop makes plates only on blanks delivered to it
 * and never used or spoiled before; what is not is refused, naming the serial, and reaches the
 * administrators as an integrity alert. Spoiled blanks are recorded with their reason; each
 * shop's deliveries reconcile (delivered = used + spoiled + in stock + unaccounted); and the
 * registry keeps a plate's serials, which officers see online and in their device copy.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBucket, registryBucketOf } from '#domain/registry/registry-copy';
import { formatBlankSerial, serialAlreadyUsed, serialNotDelivered } from '#domain/serials/blank-serial';
import { DEFAULT_STOCK_THRESHOLDS, SERIAL_RANGE_INCOMPLETE } from '#domain/inventory/allocation';
import { allocationRepository } from '../../src/server/repositories/allocation-repository';
import { serialRangeOverlaps } from '../../src/server/sync/inventory-intents';
import type { Database } from '../../src/server/db/database';
import { userRepository } from '../../src/server/repositories/user-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { demoSale, givePlatesToShop } from './shop-orders';
import { buildTestAppWithDb, pushChange, signIn as signInAs } from './test-app';

describe('blank serials', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies = { agent: '', admin: '', police: '', other: '' };
  let shopId = '';
  let otherShopId = '';
  // A delivery of 5 plates (10 blanks) to the demo shop, and one of 2 plates to another shop, made by the administrator below.
  const FIRST = 3_000_001;
  const OTHER_FIRST = 3_000_101;

  const signIn = (email: string, password: string) => signInAs(app, email, password);
  const push = (cookie: string, intent: string, payload: unknown) => pushChange(app, cookie, intent, payload);

  const today = () => new Date().toISOString().slice(0, 10);
  const serial = (n: number) => formatBlankSerial(n);
  const manufacturing = (plateNumber: string, front: number, rear: number, extra: object = {}) => ({
    id: randomUUID(),
    plateNumber,
    status: 'Printed',
    batchNumber: 'B-SER-1',
    productionDate: today(),
    notes: '',
    frontSerial: serial(front),
    rearSerial: serial(rear),
    ...extra,
  });
  const spoiled = (n: number, reason = 'Misprinted: letters smudged') => ({
    id: randomUUID(),
    serial: serial(n),
    reason,
    spoiledDate: today(),
  });
  const alertsOf = (kind: string) =>
    db.query<{ subject_id: string; plate_number: string | null; summary: string; evidence: Record<string, string> }>(
      'SELECT subject_id, plate_number, summary, evidence FROM integrity_alerts WHERE kind = $1 ORDER BY created_at',
      [kind],
    );
  const allocation = (shop: string, plates: number, first: number | null, extra: object = {}) => ({
    id: randomUUID(),
    shopId: shop,
    plateType: 'Standard',
    allocatedQuantity: String(plates),
    note: 'Serial test delivery',
    serialFirst: first === null ? '' : serial(first),
    serialLast: first === null ? '' : serial(first + plates * 2 - 1),
    ...extra,
  });
  const recordedBlanks = (plateNumber: string) =>
    db.query('SELECT serial FROM blank_serials WHERE plate_number = $1 ORDER BY serial', [plateNumber]);

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    shopId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@nambala.zm'"))[0]?.id ?? '';
    const other = await userRepository(db).create({
      email: 'othershop@serials.zm',
      name: 'Other Shop',
      passwordHash: 'x',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Active',
      requestedRole: null,
      roles: ['agent'],
    });
    otherShopId = other?.id ?? '';
    await sessionRepository(db).create('serials-other-shop', otherShopId, new Date(Date.now() + 3_600_000));
    cookies.other = 'nambala_session=serials-other-shop';
    await givePlatesToShop(
      db,
      'agent@nambala.zm',
      ['ZM-301-SER', 'ZM-302-SER', 'ZM-303-SER', 'ZM-304-SER', 'ZM-305-SER'],
      '123456/78/9',
      1,
    );
    await givePlatesToShop(db, 'othershop@serials.zm', ['ZM-311-SER'], '123456/78/9', 20);
    expect(await push(cookies.admin, 'saveAllocation', allocation(shopId, 5, FIRST))).toMatchObject({
      outcome: 'applied',
    });
    expect(await push(cookies.admin, 'saveAllocation', allocation(otherShopId, 2, OTHER_FIRST))).toMatchObject({
      outcome: 'applied',
    });
  }, 60_000);
  afterAll(() => app.close());

  it('seeds the demo shop’s deliveries with serial ranges, and its demo plates on blanks of the delivery of their type', async () => {
    const demo = (
      await app.inject({ method: 'GET', url: '/api/shop/blank-serials', headers: { cookie: cookies.agent } })
    ).json() as {
      deliveries: Array<{
        allocation: number;
        serials: string;
        delivered: number;
        used: number;
        inStock: number;
        unaccounted: number;
      }>;
      isReconciled: boolean;
    };
    const seeded = demo.deliveries.filter((delivery) => delivery.serials.startsWith('ZB-01'));
    expect(seeded.map((delivery) => delivery.serials)).toEqual([
      'ZB-0100001 to ZB-0100600',
      'ZB-0100601 to ZB-0100606',
      'ZB-0100607 to ZB-0100696',
      'ZB-0100697 to ZB-0100936',
      'ZB-0100937 to ZB-0101336',
    ]);
    expect(demo.isReconciled).toBe(true);
    // Two blanks per plate made, from the same allocations the stock counts draw the plates from.
    const balances = await allocationRepository(db).balances(DEFAULT_STOCK_THRESHOLDS);
    for (const delivery of seeded) {
      const balance = balances.find((candidate) => candidate.allocation.number === delivery.allocation);
      expect(delivery.used, delivery.serials).toBe((balance?.used ?? -1) * 2);
      expect(delivery.delivered).toBe(delivery.used + delivery.inStock + delivery.unaccounted);
    }
    expect(seeded.map((delivery) => delivery.used)).toEqual([6, 2, 0, 0, 0]);
  });

  it('gives a delivery a range of serials only when it holds a front and a rear for each plate and overlaps no other delivery', async () => {
    const overlapping = await push(cookies.admin, 'saveAllocation', allocation(shopId, 2, FIRST + 6));
    const [numbered] = await db.query<{ number: number }>(
      'SELECT number FROM inventory_allocations WHERE serial_first = $1',
      [FIRST],
    );
    expect(overlapping).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: serialRangeOverlaps(numbered?.number ?? 0, `${serial(FIRST)} to ${serial(FIRST + 9)}`),
    });
    const wrongSize = await push(cookies.admin, 'saveAllocation', {
      ...allocation(shopId, 2, 3_500_001),
      serialLast: serial(3_500_010),
    });
    expect(wrongSize).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { serialLast: expect.stringContaining('2 plates need 4') },
    });
    expect(
      await push(cookies.admin, 'saveAllocation', { ...allocation(shopId, 2, 3_500_001), serialLast: '' }),
    ).toMatchObject({ outcome: 'rejected', fields: { serialLast: SERIAL_RANGE_INCOMPLETE } });
  });

  it('makes a plate on two blanks of the shop’s own delivery, written any way, and keeps them', async () => {
    expect(
      await push(
        cookies.agent,
        'recordManufacturing',
        manufacturing('ZM-301-SER', FIRST, FIRST + 1, { frontSerial: 'zb 3000001' }),
      ),
    ).toMatchObject({ outcome: 'applied' });
    expect(await recordedBlanks('ZM-301-SER')).toEqual([{ serial: FIRST }, { serial: FIRST + 1 }]);
    // The next version of the record names the same blanks: nothing is used twice.
    expect(
      await push(
        cookies.agent,
        'recordManufacturing',
        manufacturing('ZM-301-SER', FIRST, FIRST + 1, { status: 'Ready for Collection' }),
      ),
    ).toMatchObject({ outcome: 'applied' });
    // Its blanks do not change.
    expect(
      await push(cookies.agent, 'recordManufacturing', manufacturing('ZM-301-SER', FIRST + 2, FIRST + 3)),
    ).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { frontSerial: expect.stringContaining('a plate’s blanks do not change') },
    });
  });

  it('refuses a blank serial used twice, naming it, keeps nothing of the record, and alerts the administrators', async () => {
    const twice = manufacturing('ZM-302-SER', FIRST + 2, FIRST + 1);
    const refused = await push(cookies.agent, 'recordManufacturing', twice);
    const message = serialAlreadyUsed(FIRST + 1, { serial: FIRST + 1, use: 'rear', detail: 'ZM-301-SER' });
    expect(refused).toMatchObject({ outcome: 'rejected', status: 409, message, fields: { rearSerial: message } });
    expect(message).toContain(serial(FIRST + 1));
    expect(await db.query("SELECT 1 FROM manufacturing_records WHERE plate_number = 'ZM-302-SER'")).toEqual([]);
    expect(await recordedBlanks('ZM-302-SER')).toEqual([]);
    expect(await alertsOf('blank-serial')).toMatchObject([
      {
        subject_id: shopId,
        plate_number: 'ZM-302-SER',
        evidence: { 'Blank serial': serial(FIRST + 1), 'Already recorded as': 'rear blank of ZM-301-SER' },
      },
    ]);
    // The same plate on blanks of its own is made.
    expect(
      await push(cookies.agent, 'recordManufacturing', manufacturing('ZM-302-SER', FIRST + 2, FIRST + 3)),
    ).toMatchObject({ outcome: 'applied' });
  });

  it('refuses a blank no delivery to the shop holds, another shop’s or none, and alerts the administrators each time', async () => {
    const others = await push(
      cookies.agent,
      'recordManufacturing',
      manufacturing('ZM-303-SER', OTHER_FIRST, FIRST + 4),
    );
    expect(others).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: serialNotDelivered(OTHER_FIRST),
      fields: { frontSerial: serialNotDelivered(OTHER_FIRST) },
    });
    const invented = await push(
      cookies.agent,
      'recordManufacturing',
      manufacturing('ZM-303-SER', FIRST + 4, 9_999_999),
    );
    expect(invented).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: serialNotDelivered(9_999_999),
      fields: { rearSerial: serialNotDelivered(9_999_999) },
    });
    const alerts = (await alertsOf('blank-serial')).slice(1);
    expect(alerts).toMatchObject([
      {
        subject_id: shopId,
        plate_number: 'ZM-303-SER',
        evidence: { 'Blank serial': serial(OTHER_FIRST), 'Delivered to': expect.stringMatching(/^another shop/) },
      },
      {
        subject_id: shopId,
        plate_number: 'ZM-303-SER',
        evidence: { 'Blank serial': 'ZB-9999999', 'Delivered to': 'no delivery' },
      },
    ]);
    expect(await db.query("SELECT 1 FROM manufacturing_records WHERE plate_number = 'ZM-303-SER'")).toEqual([]);
    // The other shop's blank is still its own to use.
    expect(
      await push(cookies.other, 'recordManufacturing', manufacturing('ZM-311-SER', OTHER_FIRST, OTHER_FIRST + 1)),
    ).toMatchObject({ outcome: 'applied' });
  });

  it('records a spoiled blank with its reason, and refuses it on a plate or spoiled again', async () => {
    const blank = spoiled(FIRST + 4);
    expect(await push(cookies.agent, 'recordSpoiledBlank', blank)).toMatchObject({ outcome: 'applied' });
    // Sent again (a retry), it is still one record.
    expect(await push(cookies.agent, 'recordSpoiledBlank', blank)).toMatchObject({ outcome: 'applied' });
    expect(await db.query('SELECT use, reason FROM blank_serials WHERE serial = $1', [FIRST + 4])).toEqual([
      { use: 'spoiled', reason: 'Misprinted: letters smudged' },
    ]);
    const reused = await push(cookies.agent, 'recordManufacturing', manufacturing('ZM-303-SER', FIRST + 4, FIRST + 5));
    expect(reused).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: serialAlreadyUsed(FIRST + 4, {
        serial: FIRST + 4,
        use: 'spoiled',
        detail: 'Misprinted: letters smudged',
      }),
    });
    expect(await push(cookies.agent, 'recordSpoiledBlank', spoiled(FIRST + 4, 'Bent'))).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { serial: expect.stringContaining('was recorded as spoiled') },
    });
    expect(await push(cookies.agent, 'recordSpoiledBlank', spoiled(FIRST))).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { serial: expect.stringContaining('front blank of ZM-301-SER') },
    });
    expect(await push(cookies.agent, 'recordSpoiledBlank', spoiled(OTHER_FIRST + 2))).toMatchObject({
      outcome: 'rejected',
      status: 422,
    });
    expect(await push(cookies.agent, 'recordSpoiledBlank', { ...spoiled(FIRST + 5), reason: ' ' })).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { reason: 'Please say why the blank was spoiled' },
    });
  });

  it('reconciles the shop’s delivery: delivered = used + spoiled + in stock, and a skipped blank is a gap the administrators hear of', async () => {
    const ofShop = async () =>
      (await app.inject({ method: 'GET', url: '/api/shop/blank-serials', headers: { cookie: cookies.agent } })).json();
    const line = async () =>
      (await ofShop()).deliveries.find((delivery: { serials: string }) => delivery.serials.startsWith(serial(FIRST)));
    expect(await line()).toEqual({
      allocation: expect.any(Number),
      serials: `${serial(FIRST)} to ${serial(FIRST + 9)}`,
      delivered: 10,
      used: 4,
      spoiled: 1,
      inStock: 5,
      unaccounted: 0,
      unaccountedSerials: '',
      nextInStock: serial(FIRST + 5),
    });
    expect(await alertsOf('blank-serial-gap')).toEqual([]);
    // Skipping FIRST + 5 and FIRST + 6 leaves them unaccounted for.
    expect(
      await push(cookies.agent, 'recordManufacturing', manufacturing('ZM-303-SER', FIRST + 7, FIRST + 8)),
    ).toMatchObject({ outcome: 'applied' });
    expect(await line()).toMatchObject({
      delivered: 10,
      used: 6,
      spoiled: 1,
      inStock: 1,
      unaccounted: 2,
      unaccountedSerials: `${serial(FIRST + 5)} to ${serial(FIRST + 6)}`,
    });
    expect((await ofShop()).isReconciled).toBe(false);
    expect(await alertsOf('blank-serial-gap')).toMatchObject([
      {
        subject_id: shopId,
        plate_number: 'ZM-303-SER',
        evidence: { 'Unaccounted blanks': `${serial(FIRST + 5)} to ${serial(FIRST + 6)}` },
      },
    ]);
    // Accounting for them closes the gap.
    expect(await push(cookies.agent, 'recordSpoiledBlank', spoiled(FIRST + 5, 'Damaged in delivery'))).toMatchObject({
      outcome: 'applied',
    });
    expect(
      await push(cookies.agent, 'recordManufacturing', manufacturing('ZM-304-SER', FIRST + 6, FIRST + 9)),
    ).toMatchObject({ outcome: 'applied' });
    expect(await line()).toMatchObject({
      delivered: 10,
      used: 8,
      spoiled: 2,
      inStock: 0,
      unaccounted: 0,
      nextInStock: null,
    });
    // The administrator sees every shop's.
    const admin = (
      await app.inject({ method: 'GET', url: '/api/admin/blank-serials', headers: { cookie: cookies.admin } })
    ).json();
    const other = admin.shops.find((shop: { shopId: string }) => shop.shopId === otherShopId);
    expect(other.deliveries).toEqual([expect.objectContaining({ delivered: 4, used: 2, spoiled: 0, inStock: 2 })]);
    expect(admin.shops.find((shop: { shopId: string }) => shop.shopId === shopId).deliveries.length).toBeGreaterThan(1);
  });

  it('will not move a delivery’s serials once its blanks are used', async () => {
    const [row] = await db.query<{ id: string }>('SELECT id FROM inventory_allocations WHERE serial_first = $1', [
      OTHER_FIRST,
    ]);
    const moved = await push(cookies.admin, 'saveAllocation', {
      ...allocation(otherShopId, 2, 3_600_001),
      id: row?.id,
    });
    expect(moved).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: expect.stringContaining('used or spoiled'),
    });
  });

  it('keeps a registered plate’s serials in the registry: the officer’s verdict and device copy show them, the public’s does not', async () => {
    // The demo buyer's ZM-101-ABC was made on the demo shop's first blanks; its sale registers it.
    const sale = demoSale();
    expect(await push(cookies.agent, 'recordWhitebookEntry', sale)).toMatchObject({ outcome: 'applied' });
    const officer = (
      await app.inject({ method: 'GET', url: '/api/verification/ZM-101-ABC', headers: { cookie: cookies.police } })
    ).json();
    expect(officer).toMatchObject({ verdict: 'Valid', serials: { front: 'ZB-0100001', rear: 'ZB-0100002' } });
    const visitor = (await app.inject({ method: 'GET', url: '/api/verification/ZM-101-ABC' })).json();
    expect(visitor.verdict).toBe('Valid');
    expect(visitor).not.toHaveProperty('serials');
    const bucket = registryBucketOf('ZM-101-ABC');
    const copy = (
      await app.inject({
        method: 'GET',
        url: `/api/registry/buckets?ids=${bucket}`,
        headers: { cookie: cookies.police },
      })
    ).json();
    const row = decodeBucket(copy.buckets[0].rows).find((entry) => entry.plateNumber === 'ZM-101-ABC');
    expect(row).toMatchObject({ standing: 'Valid', serials: { front: 100_001, rear: 100_002 } });
  });
});
