/**
 * The shop's records are checked on sync: a whitebook sale names an entitlement that is the
 * shop's own (its order, or the application it was given), and a plate has one manufacturing
 * record in the shop, updated with each change and keeping its history, which devices follow.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementNotFound } from '#domain/agent/workspace';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb } from './test-app';
import { blanksOf, givePlatesToShop, plateBlanks } from './shop-orders';

interface PushResult {
  outcome: string;
  status?: number;
  message?: string;
  fields?: Record<string, string>;
  data?: Record<string, string>;
}

describe('the shop’s records, checked', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  let agentId = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const push = async (cookie: string, intent: string, payload: unknown): Promise<PushResult> =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie },
        payload: { clientId: 'shop-tablet', mutations: [{ id: randomUUID(), intent, payload }] },
      })
    ).json().results[0];
  async function pullFrom(cookie: string, cursor = '') {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
    let at = cursor;
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await app.inject({
          method: 'GET',
          url: `/api/sync/pull?limit=500${at ? `&cursor=${encodeURIComponent(at)}` : ''}`,
          headers: { cookie },
        })
      ).json();
      changes.push(...body.changes);
      at = body.cursor;
      if (!body.hasMore) return { changes, cursor: at };
    }
    throw new Error('pull never finished');
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    agentId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@nambala.zm'"))[0]?.id ?? '';
    // The numbers the manufacturing tests record are the shop's to make.
    await givePlatesToShop(db, 'agent@nambala.zm', ['ZM-777-REC', 'ZM-778-REC'], '123456/78/9');
  }, 60_000);
  afterAll(() => app.close());

  const today = () => new Date().toISOString().slice(0, 10);
  let plates = 0;
  const sale = (entitlementReference: string, extra: Record<string, string> = {}) => ({
    id: randomUUID(),
    plateNumber: `ZM-${String((plates += 1)).padStart(3, '0')}-REC`,
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleColour: 'White',
    vehicleYear: 2019,
    chassisNumber: 'JTDBR32E720123456',
    ownerName: 'Mwila Banda',
    ownerNrc: '123456/78/9',
    saleDate: today(),
    registrationNumber: 'BAK 1234',
    entitlementReference,
    ...extra,
  });

  it('refuses a sale checked against an entitlement that does not exist, with the reason, and stores nothing', async () => {
    const entry = sale('ORD-999');
    const result = await push(cookies.agent ?? '', 'recordWhitebookEntry', entry);
    expect(result).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: entitlementNotFound('ORD-999'),
      fields: { entitlementReference: entitlementNotFound('ORD-999') },
    });
    expect(await db.query('SELECT 1 FROM whitebook_entries WHERE id = $1', [entry.id])).toEqual([]);
  });

  it('refuses another shop’s order as the entitlement', async () => {
    const other = await db.query<{ id: string }>(
      "INSERT INTO users (id, email, name, password_hash, account_type, user_type, status) VALUES ('shop-two', 'shop-two@example.zm', 'Shop Two', 'x', 'agent', 'AGENT', 'Active') RETURNING id",
    );
    expect(other).toHaveLength(1);
    await db.query(
      "INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle, status, collection_date) VALUES ('ORD-950', 'shop-two', 'Chanda', '901234/56/7', '+260979012345', 'ZM-950-TWO', 'Private', 'Toyota Vitz', 'Pending', '2026-12-01')",
    );
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', sale('ORD-950'))).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: entitlementNotFound('ORD-950'),
    });
  });

  it('accepts the shop’s own order number and an application reference it was given, in any case', async () => {
    // ORD-003 is the demo shop's order for ZM-103-TRK, for Lusaka Freight Ltd.
    expect(
      await push(
        cookies.agent ?? '',
        'recordWhitebookEntry',
        sale('ord-003', { plateNumber: 'ZM-103-TRK', ownerName: 'Lusaka Freight Ltd', ownerNrc: '345678/90/1' }),
      ),
    ).toMatchObject({ outcome: 'applied' });
    // An application the shop was given, whose number is not registered yet.
    const [request] = await db.query<{ reference: string; plate_number: string; nrc_number: string }>(
      `SELECT q.reference, rp.plate_number, q.nrc_number FROM plate_requests q JOIN request_plates rp ON rp.request_id = q.id AND rp.released_at IS NULL
       JOIN plates p ON p.plate_number = rp.plate_number AND p.stage <> 'Registered' WHERE q.agent_id = $1 LIMIT 1`,
      [agentId],
    );
    expect(request?.reference).toMatch(/^LP-/);
    const fromApplication = sale(request?.reference.toLowerCase() ?? '', {
      plateNumber: request?.plate_number ?? '',
      ownerNrc: request?.nrc_number ?? '',
    });
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', fromApplication)).toMatchObject({
      outcome: 'applied',
    });
  });

  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  beforeAll(async () => {
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
  });
  const manufacturing = (plateNumber: string, status: string, batchNumber = 'B-REC-01') => ({
    id: randomUUID(),
    plateNumber,
    status,
    batchNumber,
    productionDate: today(),
    notes: '',
    ...blanksFor(plateNumber),
  });

  it('keeps one manufacturing record per plate: a second recording updates it, keeps the history, and devices drop the copy', async () => {
    const { cursor } = await pullFrom(cookies.agent ?? '');
    const first = manufacturing('ZM-777-REC', 'In Production');
    const second = manufacturing('ZM-777-REC', 'Printed', 'B-REC-02');
    expect(await push(cookies.agent ?? '', 'recordManufacturing', first)).toMatchObject({ outcome: 'applied' });
    expect(await push(cookies.agent ?? '', 'recordManufacturing', second)).toMatchObject({ outcome: 'applied' });

    const rows = await db.query<{ id: string; status: string; batch_number: string }>(
      'SELECT id, status, batch_number FROM manufacturing_records WHERE plate_number = $1',
      ['ZM-777-REC'],
    );
    expect(rows).toEqual([{ id: first.id, status: 'Printed', batch_number: 'B-REC-02' }]);

    const { changes } = await pullFrom(cookies.agent ?? '', cursor);
    const latest = new Map<string, (typeof changes)[number]>();
    for (const change of changes.filter((c) => c.entity === 'manufacturingRecord')) latest.set(change.id, change);
    expect(latest.get(second.id)).toMatchObject({ op: 'delete' });
    expect(latest.get(first.id)).toMatchObject({ op: 'put', data: { status: 'Printed', batchNumber: 'B-REC-02' } });
    expect((latest.get(first.id)?.data?.history as Array<{ status: string }>).map((version) => version.status)).toEqual(
      ['In Production', 'Printed'],
    );
  });

  it('moves an order on from its plate’s record: ready for collection, then collected fulfils it, still one record', async () => {
    const [order] = await db.query<{ id: string; plate_number: string }>(
      "SELECT id, plate_number FROM agent_orders WHERE agent_id = $1 AND status = 'Pending' AND plate_number = 'ZM-102-KLM'",
      [agentId],
    );
    expect(order).toBeDefined();
    const plateNumber = order?.plate_number ?? '';
    expect(
      await push(cookies.agent ?? '', 'recordManufacturing', manufacturing(plateNumber, 'Ready for Collection')),
    ).toMatchObject({ outcome: 'applied' });
    expect(
      (await db.query<{ status: string }>('SELECT status FROM agent_orders WHERE id = $1', [order?.id]))[0]?.status,
    ).toBe('Pending');
    const collected = await push(cookies.agent ?? '', 'recordManufacturing', manufacturing(plateNumber, 'Collected'));
    expect(collected).toMatchObject({ outcome: 'applied', data: { fulfilledOrders: order?.id } });
    expect(
      (await db.query<{ status: string }>('SELECT status FROM agent_orders WHERE id = $1', [order?.id]))[0]?.status,
    ).toBe('Fulfilled');
    expect(
      await db.query('SELECT status FROM manufacturing_records WHERE agent_id = $1 AND plate_number = $2', [
        agentId,
        plateNumber,
      ]),
    ).toEqual([{ status: 'Collected' }]);
  });

  it('changes nothing when the same version is sent again under the record’s own id', async () => {
    const record = manufacturing('ZM-778-REC', 'Printed');
    expect(await push(cookies.agent ?? '', 'recordManufacturing', record)).toMatchObject({ outcome: 'applied' });
    const { cursor } = await pullFrom(cookies.agent ?? '');
    expect(await push(cookies.agent ?? '', 'recordManufacturing', record)).toMatchObject({ outcome: 'applied' });
    expect((await pullFrom(cookies.agent ?? '', cursor)).changes).toEqual([]);
    expect(
      await db.query(
        'SELECT count(*)::int AS n FROM manufacturing_record_history h JOIN manufacturing_records r ON r.id = h.record_id WHERE r.plate_number = $1',
        ['ZM-778-REC'],
      ),
    ).toEqual([{ n: 1 }]);
  });
});
