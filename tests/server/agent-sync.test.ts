/** The agent's records through push and pull: stored once, for their shop, seen by administrators. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb } from './test-app';
import { blanksOf, givePlatesToShop, plateBlanks } from './shop-orders';

describe('agent workspace sync', () => {
  let app: FastifyInstance;
  let db: Database;
  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  const cookies: Record<string, string> = {};

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const push = (cookie: string, intent: string, payload: unknown, id = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'tablet', mutations: [{ id, intent, payload }] },
    });
  async function pullAll(cookie: string) {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return { changes, cursor };
    }
    throw new Error('pull never finished');
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    // Each fresh number is on an order of the shop's, for Mwila Banda: the entitlement its sale names.
    await givePlatesToShop(
      db,
      'agent@nambala.zm',
      Array.from({ length: 40 }, (_, index) => plateNumberOf(index + 1)),
      '123456/78/9',
    );
  }, 60_000);
  afterAll(() => app.close());

  let plates = 0;
  const plateNumberOf = (n: number) => `ZM-${String(n).padStart(3, '0')}-TST`;
  /** A plate number not yet sold (each is sold once), typed in lower case, and the shop's order for it. */
  const entry = () => {
    plates += 1;
    return {
      id: randomUUID(),
      plateNumber: plateNumberOf(plates).toLowerCase(),
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleColour: 'White',
      vehicleYear: 2019,
      chassisNumber: 'JTDBR32E720123456',
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
      saleDate: '2026-11-20',
      registrationNumber: 'BAK 1234',
      entitlementReference: `ORD-T${plates}`,
    };
  };
  /** Another sale of an entry's number, against the same order: a second sale. */
  const secondSaleOf = (first: ReturnType<typeof entry>) => ({
    ...entry(),
    plateNumber: first.plateNumber,
    entitlementReference: first.entitlementReference,
  });

  it('gives the agent their seeded orders and records in pages, then nothing new', async () => {
    const { changes, cursor } = await pullAll(cookies.agent ?? '');
    // The seeded shop orders, and those the demo owner's approved applications gave the shop.
    const [{ n: orders } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM agent_orders o JOIN users u ON u.id = o.agent_id WHERE u.email = 'agent@nambala.zm'",
    );
    expect(orders).toBeGreaterThanOrEqual(8);
    // Each order once, or more when it changed since (fulfilled).
    expect(new Set(changes.filter((change) => change.entity === 'agentOrder').map((change) => change.id)).size).toBe(
      orders,
    );
    const [{ n: sales } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM whitebook_entries w JOIN users u ON u.id = w.agent_id WHERE u.email = 'agent@nambala.zm'",
    );
    expect(changes.filter((change) => change.entity === 'whitebookEntry')).toHaveLength(sales);
    const again = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
      headers: { cookie: cookies.agent ?? '' },
    });
    expect(again.json()).toMatchObject({ changes: [], hasMore: false, reset: false });
  });

  it('stores a whitebook entry once, however often it is pushed, and both the agent and administrators pull it', async () => {
    const { cursor: agentCursor } = await pullAll(cookies.agent ?? '');
    const { cursor: adminCursor } = await pullAll(cookies.admin ?? '');
    const payload = entry();
    const mutationId = randomUUID();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await push(cookies.agent ?? '', 'recordWhitebookEntry', payload, mutationId)).json().results[0].outcome,
      ).toBe('applied');
    }
    for (const [cookie, cursor] of [
      [cookies.agent, agentCursor],
      [cookies.admin, adminCursor],
    ] as const) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
        headers: { cookie: cookie ?? '' },
      });
      const changes = response.json().changes;
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        entity: 'whitebookEntry',
        id: payload.id,
        op: 'put',
        data: { plateNumber: payload.plateNumber.toUpperCase(), ownerName: 'Mwila Banda' },
      });
    }
  });

  it('refuses a second sale of a plate number, saying when it was sold', async () => {
    const first = entry();
    expect((await push(cookies.agent ?? '', 'recordWhitebookEntry', first)).json().results[0].outcome).toBe('applied');
    // The same entry sent again as a new change is no second sale.
    expect((await push(cookies.agent ?? '', 'recordWhitebookEntry', first)).json().results[0].outcome).toBe('applied');
    const again = (await push(cookies.agent ?? '', 'recordWhitebookEntry', secondSaleOf(first))).json().results[0];
    expect(again).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: expect.stringContaining(
        `Plate ${first.plateNumber.toUpperCase()} is already in a whitebook (sold on 2026-11-20)`,
      ),
    });
    expect(again.fields.plateNumber).toBe(again.message);
  });

  it('undoes only the refused change of a push: the ones before and after it are applied, stored and pulled once', async () => {
    const { cursor } = await pullAll(cookies.agent ?? '');
    const [before, after] = [entry(), entry()];
    const secondSale = secondSaleOf(before);
    const mutations = [before, secondSale, after].map((payload) => ({
      id: randomUUID(),
      intent: 'recordWhitebookEntry',
      payload,
    }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: cookies.agent ?? '' },
      payload: { clientId: 'tablet', mutations },
    });
    expect(response.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'applied',
      'rejected',
      'applied',
    ]);
    const pulled = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
      headers: { cookie: cookies.agent ?? '' },
    });
    expect(pulled.json().changes.map((change: { id: string }) => change.id)).toEqual([before.id, after.id]);
    // Sent again, the push gives the same answers and changes nothing.
    const replay = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: cookies.agent ?? '' },
      payload: { clientId: 'tablet', mutations },
    });
    expect(replay.json().results).toEqual(response.json().results);
  });

  it('applies a change sent twice inside one push once, and a whole push retried changes nothing', async () => {
    const { cursor } = await pullAll(cookies.agent ?? '');
    const change = () => {
      const payload = entry();
      return { id: randomUUID(), intent: 'recordWhitebookEntry', payload };
    };
    const [a, b, c] = [change(), change(), change()];
    const mutations = [a, b, a, c];
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie: cookies.agent ?? '' },
        payload: { clientId: 'tablet', mutations },
      });
    const first = (await send()).json().results as Array<{ id: string; outcome: string }>;
    expect(first.map((result) => [result.id, result.outcome])).toEqual(
      mutations.map((mutation) => [mutation.id, 'applied']),
    );
    const stored = async () =>
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM whitebook_entries WHERE id = ANY($1::text[])', [
          [a, b, c].map((mutation) => mutation.payload.id),
        ])
      )[0]?.n;
    expect(await stored()).toBe(3);
    expect((await send()).json().results).toEqual(first);
    expect(await stored()).toBe(3);
    const pulled = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
      headers: { cookie: cookies.agent ?? '' },
    });
    expect(pulled.json().changes.map((change: { id: string }) => change.id)).toEqual(
      [a, b, c].map((m) => m.payload.id),
    );
  });

  it('answers a day of sales sent at once in order: an entry sent before, a bad one and a second sale change nothing', async () => {
    const sentBefore = entry();
    expect((await push(cookies.agent ?? '', 'recordWhitebookEntry', sentBefore)).json().results[0].outcome).toBe(
      'applied',
    );
    const { cursor } = await pullAll(cookies.agent ?? '');
    const [first, second, third] = [entry(), entry(), entry()];
    const payloads = [first, sentBefore, { ...second, saleDate: '2999-01-01' }, second, secondSaleOf(first), third];
    const mutations = payloads.map((payload) => ({ id: randomUUID(), intent: 'recordWhitebookEntry', payload }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: cookies.agent ?? '' },
      payload: { clientId: 'tablet', mutations },
    });
    const results = response.json().results as Array<{ outcome: string; status?: number }>;
    expect(results.map((result) => [result.outcome, result.status])).toEqual([
      ['applied', undefined],
      ['applied', undefined],
      ['rejected', 400],
      ['applied', undefined],
      ['rejected', 409],
      ['applied', undefined],
    ]);
    const pulled = await app.inject({
      method: 'GET',
      url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
      headers: { cookie: cookies.agent ?? '' },
    });
    expect(pulled.json().changes.map((change: { id: string }) => change.id)).toEqual([first.id, second.id, third.id]);
  });

  it('refuses records from anyone who is not an agent, and a buyer pulls none of the shop’s data', async () => {
    const refused = (await push(cookies.buyer ?? '', 'recordWhitebookEntry', entry())).json().results[0];
    expect(refused).toMatchObject({ outcome: 'rejected', status: 403 });
    const { changes } = await pullAll(cookies.buyer ?? '');
    // The buyer's own plates and vehicles, and nothing of the shop's.
    expect(
      changes.filter((change) =>
        ['agentOrder', 'whitebookEntry', 'manufacturingRecord', 'inventoryItem'].includes(change.entity),
      ),
    ).toEqual([]);
    expect(changes.length).toBeGreaterThan(0);
  });

  it('refuses a sale dated in the future with the message', async () => {
    const result = (
      await push(cookies.agent ?? '', 'recordWhitebookEntry', { ...entry(), saleDate: '2999-01-01' })
    ).json().results[0];
    expect(result).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { saleDate: 'The date cannot be in the future' },
    });
  });

  it('marks the shop’s pending order for a plate fulfilled when its plate is collected', async () => {
    const { cursor } = await pullAll(cookies.agent ?? '');
    const result = (
      await push(cookies.agent ?? '', 'recordManufacturing', {
        id: randomUUID(),
        plateNumber: 'ZM-102-KLM',
        status: 'Collected',
        batchNumber: 'B-1',
        productionDate: '2026-11-01',
        ...blanksFor('ZM-102-KLM'),
      })
    ).json().results[0];
    expect(result).toMatchObject({ outcome: 'applied', data: { fulfilledOrders: 'ORD-002' } });
    const changes = (
      await app.inject({
        method: 'GET',
        url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
        headers: { cookie: cookies.agent ?? '' },
      })
    ).json().changes;
    expect(changes.map((change: { entity: string }) => change.entity).sort()).toEqual([
      'agentOrder',
      'manufacturingRecord',
    ]);
    expect(changes.find((change: { entity: string }) => change.entity === 'agentOrder').data.status).toBe('Fulfilled');
  });

  it('starts over with reset when the cursor was given for other roles, and refuses a cursor it never gave', async () => {
    const { cursor } = await pullAll(cookies.agent ?? '');
    const asAdmin = (
      await app.inject({
        method: 'GET',
        url: `/api/sync/pull?cursor=${encodeURIComponent(cursor ?? '')}`,
        headers: { cookie: cookies.admin ?? '' },
      })
    ).json();
    expect(asAdmin.reset).toBe(true);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/sync/pull?cursor=garbage',
      headers: { cookie: cookies.agent ?? '' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
