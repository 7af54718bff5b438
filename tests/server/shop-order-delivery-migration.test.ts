/**
 * Migration 0038 on a database whose shop orders were made before orders said where to
 * deliver: an application's or a purchase's order asked to be delivered gets the address, an
 * order to be collected stays without one, and the shop's devices receive the delivered orders
 * again as they now stand.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { buildTestAppWithDb, cardApplication, postPayingByCard } from './test-app';

const MIGRATION = '0038-shop-order-delivery.sql';
const APPROVE_CARD = { number: '4242 4242 4242 4242' };
const ADDRESS = '12 Kabulonga Road, Lusaka';

describe('migration 0038: a shop order says where to deliver', () => {
  let app: FastifyInstance;
  let db: Database;
  let agent = '';
  let deliveredPlate = '';
  let collectedPlate = '';
  let purchasedPlate = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }

  async function pullAll(cookie: string) {
    const changes: Array<{ entity: string; id: string; data: Record<string, unknown> | null }> = [];
    let cursor = '';
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await app.inject({
          method: 'GET',
          url: `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers: { cookie },
        })
      ).json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return changes;
    }
    throw new Error('pull never finished');
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    const admin = await signIn('admin@nambala.zm', 'Admin#2026');
    agent = await signIn('agent@nambala.zm', 'Agent#2026');
    const apply = async (overrides: object) => {
      const submitted = await postPayingByCard(app, '/api/applications', buyer, cardApplication(overrides));
      expect(submitted.statusCode).toBe(201);
      const decided = await app.inject({
        method: 'POST',
        url: '/api/admin/requests/decide',
        headers: { cookie: admin },
        payload: { ids: [submitted.json().requestId], decision: 'approve' },
      });
      return String(decided.json().outcomes[0].plates[0]);
    };
    deliveredPlate = await apply({ delivery: true, deliveryAddress: ADDRESS });
    collectedPlate = await apply({});
    const listings = (await app.inject({ method: 'GET', url: '/api/listings' })).json().listings as Array<{
      id: string;
      status: string;
    }>;
    const listing = listings.find((candidate) => candidate.status === 'Available');
    const quote = (
      await app.inject({ method: 'GET', url: `/api/listings/${listing?.id}/quote`, headers: { cookie: buyer } })
    ).json();
    const bought = await postPayingByCard(app, `/api/listings/${listing?.id}/buy`, buyer, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      amount: quote.buyNow.find((entry: { method: string }) => entry.method === 'card').total + 5000,
      ownerName: 'Mwila Banda',
      ownerNrc: '234567/89/1',
      vehicleNotYetKnown: true,
      delivery: true,
      deliveryAddress: '3 Lubu Road, Lusaka',
    });
    expect(bought.statusCode).toBe(201);
    purchasedPlate = bought.json().order.plateNumber;
    // The orders as an older server kept them.
    await db.query('ALTER TABLE agent_orders DROP COLUMN delivery_address');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
    expect((await migrate(db)).applied).toEqual([MIGRATION]);
  }, 60_000);

  afterAll(async () => {
    await app.close();
  });

  const deliveryOf = async (plate: string) =>
    (
      await db.query<{ delivery_address: string | null }>(
        'SELECT delivery_address FROM agent_orders WHERE plate_number = $1',
        [plate],
      )
    )[0]?.delivery_address;

  it('gives the orders asked to be delivered their address, and none to an order collected', async () => {
    expect(await deliveryOf(deliveredPlate)).toBe(ADDRESS);
    expect(await deliveryOf(purchasedPlate)).toBe('3 Lubu Road, Lusaka');
    expect(await deliveryOf(collectedPlate)).toBeNull();
  });

  it('sends the shop’s devices the delivered orders again, as they now stand', async () => {
    const last = (await pullAll(agent))
      .filter((change) => change.entity === 'agentOrder' && change.data?.plateNumber === deliveredPlate)
      .at(-1);
    expect(last?.data).toMatchObject({
      plateNumber: deliveredPlate,
      reference: expect.stringMatching(/^LP-\d{6}$/),
      requestId: expect.stringMatching(/^REQ-/),
      collectionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      deliveryAddress: ADDRESS,
    });
  });
});
