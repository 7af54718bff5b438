/**
 * Migration 0031 on a database whose shop orders were made before orders named what created
 * them: each order of an application gets its LP- reference and Request ID, each order of a
 * marketplace purchase its PO- reference, an order nothing created stays without one, and the
 * shop's devices receive the orders again as they now stand.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { buildTestAppWithDb, postPayingByCard } from './test-app';

const MIGRATION = '0031-shop-order-references.sql';
const APPROVE_CARD = { number: '4242 4242 4242 4242' };

describe('migration 0031: a shop order names what created it', () => {
  let app: FastifyInstance;
  let db: Database;
  let agent = '';
  let purchased = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }

  async function pullAll(cookie: string) {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
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
    agent = await signIn('agent@nambala.zm', 'Agent#2026');
    const listings = (await app.inject({ method: 'GET', url: '/api/listings' })).json().listings as Array<{
      id: string;
      number: string;
      status: string;
    }>;
    const listing = listings.find((candidate) => candidate.status === 'Available');
    if (!listing) throw new Error('no available listing in the demo data');
    const bought = await postPayingByCard(app, `/api/listings/${listing.id}/buy`, buyer, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ownerName: 'Mwila Banda',
      ownerNrc: '234567/89/1',
    });
    expect(bought.json()).toMatchObject({ payment: { status: 'approved' } });
    purchased = listing.number;
    // The orders as an older server kept them.
    await db.query('ALTER TABLE agent_orders DROP COLUMN reference, DROP COLUMN request_id');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
    expect((await migrate(db)).applied).toEqual([MIGRATION]);
  });

  afterAll(async () => {
    await app.close();
  });

  it('gives an application’s order its LP- reference and Request ID', async () => {
    const [expected] = await db.query<{ reference: string; id: string }>(
      "SELECT q.reference, q.id FROM request_plates rp JOIN plate_requests q ON q.id = rp.request_id WHERE rp.order_id = 'ORD-001'",
    );
    expect(expected?.reference).toMatch(/^LP-\d{6}$/);
    const [order] = await db.query("SELECT reference, request_id FROM agent_orders WHERE id = 'ORD-001'");
    expect(order).toEqual({ reference: expected?.reference, request_id: expected?.id });
  });

  it('gives a purchase’s order its PO- reference, and leaves an order nothing created without one', async () => {
    const [order] = await db.query<{ reference: string; request_id: string | null; source_ref: string }>(
      'SELECT o.reference, o.request_id, p.source_ref FROM agent_orders o JOIN plates p ON p.order_id = o.id WHERE p.plate_number = $1',
      [purchased],
    );
    expect(order?.reference).toMatch(/^PO-\d{6}$/);
    expect(order).toMatchObject({ reference: order?.source_ref, request_id: null });
    expect(await db.query("SELECT reference, request_id FROM agent_orders WHERE id = 'ORD-003'")).toEqual([
      { reference: '', request_id: null },
    ]);
  });

  it('sends the shop’s devices the orders again, as they now stand', async () => {
    const changes = (await pullAll(agent)).filter(
      (change) => change.entity === 'agentOrder' && change.id === 'ORD-001',
    );
    expect(changes.at(-1)?.data).toMatchObject({
      id: 'ORD-001',
      plateNumber: 'ZM-101-ABC',
      status: expect.any(String),
      collectionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      reference: expect.stringMatching(/^LP-\d{6}$/),
      requestId: expect.stringMatching(/^REQ-/),
    });
  });
});
