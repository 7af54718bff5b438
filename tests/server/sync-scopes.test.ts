/**
 * Who pulls what: the change log's scopes through push and pull on the embedded
 * database. Each agent's shop sees only its own records and orders, administrators
 * see every shop, other users none; a device's payload cannot choose the shop; a
 * push is applied in order and once; a role lost starts the device over; pages add
 * up to one big pull; and hostile query strings get a 400 with a message.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { agentRepository } from '../../src/server/repositories/agent-repository';
import { PULL_PAGE_LIMIT } from '../../src/server/routes/sync-routes';
import { blanksOf, givePlatesToShop, plateBlanks } from './shop-orders';
import { acceptInvitation, buildTestAppWithDb } from './test-app';

interface PulledChange {
  entity: string;
  id: string;
  op: string;
  data: Record<string, unknown> | null;
}
interface PullBody {
  changes: PulledChange[];
  cursor: string;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
  scopes: string[];
}
interface Mutation {
  id: string;
  intent: string;
  payload: unknown;
}

const DAY_MS = 24 * 3600 * 1000;
/** A calendar day some days before today, so dates never fall in the future whatever day the tests run. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** The order each number is sold against, and the NRC it names (given to the shops in beforeAll, or the demo's). */
const ORDERS: Readonly<Record<string, { reference: string; nrc: string }>> = {
  'ZM-201-AAA': { reference: 'ORD-T1', nrc: '123456/78/9' },
  'ZM-204-DDD': { reference: 'ORD-T2', nrc: '123456/78/9' },
  'ZM-205-EEE': { reference: 'ORD-T3', nrc: '123456/78/9' },
  'ZM-206-FFF': { reference: 'ORD-T4', nrc: '123456/78/9' },
  'ZM-202-BBB': { reference: 'ORD-T11', nrc: '123456/78/9' },
  'ZM-203-CCC': { reference: 'ORD-T12', nrc: '123456/78/9' },
  'ZM-103-TRK': { reference: 'ORD-003', nrc: '345678/90/1' },
};
const whitebook = (plateNumber: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  plateNumber,
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleColour: 'White',
  vehicleYear: 2019,
  chassisNumber: 'JTDBR32E720123456',
  ownerName: 'Mwila Banda',
  ownerNrc: ORDERS[plateNumber]?.nrc ?? '123456/78/9',
  saleDate: daysAgo(2),
  registrationNumber: 'BAK 1234',
  entitlementReference: ORDERS[plateNumber]?.reference ?? 'ORD-001',
  ...extra,
});
/** Each shop's blanks (from its deliveries), set in beforeAll. */
const blanks: Record<'agent' | 'second', (plateNumber: string) => { frontSerial: string; rearSerial: string }> = {
  agent: () => {
    throw new Error('blanks not ready');
  },
  second: () => {
    throw new Error('blanks not ready');
  },
};
const manufacturing = (plateNumber: string, status: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  plateNumber,
  status,
  batchNumber: 'B-1',
  productionDate: daysAgo(1),
  ...extra,
});
const inventory = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  itemType: 'Plate Blanks',
  quantity: 25,
  batchNumber: 'BLK-1',
  receivedDate: daysAgo(3),
  ...extra,
});
const mutation = (intent: string, payload: unknown, id = randomUUID()): Mutation => ({ id, intent, payload });

describe('sync scopes: who pulls what', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<'agent' | 'second' | 'admin' | 'buyer', string> = {
    agent: '',
    second: '',
    admin: '',
    buyer: '',
  };
  let agentId = '';
  let secondId = '';
  let adminId = '';
  const SECOND_EMAIL = 'second-agent@example.zm';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  async function pushAll(cookie: string, mutations: Mutation[]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'tablet', mutations },
    });
    expect(response.statusCode).toBe(200);
    return response.json().results as Array<{
      id: string;
      outcome: string;
      status?: number;
      message?: string;
      data?: Record<string, unknown>;
    }>;
  }
  async function pushOne(cookie: string, intent: string, payload: unknown, id = randomUUID()) {
    const [result] = await pushAll(cookie, [mutation(intent, payload, id)]);
    return result;
  }
  async function pull(cookie: string, cursor?: string, limit = 500): Promise<PullBody> {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await app.inject({ method: 'GET', url: `/api/sync/pull?${query}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  /** Every page from `cursor` on: the changes, the last cursor and every page's body. */
  async function pullAll(cookie: string, cursor?: string, limit = 500) {
    const changes: PulledChange[] = [];
    const pages: PullBody[] = [];
    let at = cursor;
    for (let page = 0; page < 500; page += 1) {
      const body = await pull(cookie, at, limit);
      pages.push(body);
      changes.push(...body.changes);
      at = body.cursor;
      if (!body.hasMore) return { changes, cursor: at, pages };
    }
    throw new Error('pull never finished');
  }
  const ids = (changes: PulledChange[], entity?: string) =>
    changes.filter((change) => entity === undefined || change.entity === entity).map((change) => change.id);
  const userIdOf = async (email: string) =>
    (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? '';

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    agentId = await userIdOf('agent@nambala.zm');
    adminId = await userIdOf('admin@nambala.zm');
    const added = await pushOne(cookies.admin, 'addUser', {
      id: randomUUID(),
      name: 'Second Plate Maker',
      email: SECOND_EMAIL,
      userType: 'AGENT',
      status: 'Active',
    });
    expect(added).toMatchObject({ outcome: 'applied' });
    secondId = String(added?.data?.userId);
    expect(secondId).toBe(await userIdOf(SECOND_EMAIL));
    expect((await acceptInvitation(app, db, SECOND_EMAIL, 'second-agent-1')).statusCode).toBe(204);
    cookies.second = await signIn(SECOND_EMAIL, 'second-agent-1');
    // No intent assigns orders yet (request review will); the second shop gets one straight in the database.
    expect(
      await agentRepository(db).addOrder({
        id: 'ORD-901',
        agentId: secondId,
        customerName: 'Chanda Mulenga',
        customerNrc: '901234/56/7',
        customerPhone: '+260979012345',
        plateNumber: 'ZM-901-CMU',
        plateType: 'Private',
        vehicle: 'Toyota Vitz (blue)',
        collectionDate: daysAgo(-3),
      }),
    ).toBeDefined();
    // The numbers each shop sells and makes below are on its orders (the demo shop's ZM-104-BPT is on the second shop's too).
    await givePlatesToShop(
      db,
      'agent@nambala.zm',
      ['ZM-201-AAA', 'ZM-204-DDD', 'ZM-205-EEE', 'ZM-206-FFF'],
      '123456/78/9',
      1,
    );
    await givePlatesToShop(db, SECOND_EMAIL, ['ZM-202-BBB', 'ZM-203-CCC', 'ZM-104-BPT'], '123456/78/9', 11);
    blanks.agent = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    blanks.second = plateBlanks(await blanksOf(db, SECOND_EMAIL));
  }, 60_000);
  afterAll(() => app.close());

  it('gives each agent only their own shop, the administrator every shop, and a buyer nothing', async () => {
    const mine = whitebook('ZM-201-AAA');
    // Each shop's sale is checked against its own order.
    const theirs = whitebook('ZM-202-BBB');
    const theirStock = inventory();
    expect(await pushOne(cookies.agent, 'recordWhitebookEntry', mine)).toMatchObject({ outcome: 'applied' });
    expect(
      (
        await pushAll(cookies.second, [
          mutation('recordWhitebookEntry', theirs),
          mutation('recordInventoryItem', theirStock),
        ])
      ).map((result) => result.outcome),
    ).toEqual(['applied', 'applied']);

    const agent = await pullAll(cookies.agent);
    expect(agent.pages[0]?.scopes.sort()).toEqual([`agent:${agentId}`, `user:${agentId}`].sort());
    expect(ids(agent.changes)).toContain(mine.id);
    expect(ids(agent.changes)).not.toContain(theirs.id);
    expect(ids(agent.changes)).not.toContain(theirStock.id);
    const [{ n: orders } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM agent_orders WHERE agent_id = $1',
      [agentId],
    );
    expect(orders).toBeGreaterThanOrEqual(8);
    expect(new Set(ids(agent.changes, 'agentOrder')).size).toBe(orders);
    expect(ids(agent.changes, 'agentOrder')).not.toContain('ORD-901');
    // Every change is the shop's: its records and orders name it as the agent, its allocations as the shop.
    const shopOf = (change: (typeof agent.changes)[number]) => change.data?.agentId ?? change.data?.shopId;
    expect(agent.changes.every((change) => shopOf(change) === agentId)).toBe(true);
    expect(ids(agent.changes, 'inventoryAllocation').length).toBeGreaterThan(0);

    const second = await pullAll(cookies.second);
    expect(second.pages[0]?.scopes.sort()).toEqual([`agent:${secondId}`, `user:${secondId}`].sort());
    // Its own delivery of blanks (given in beforeAll) comes too.
    const deliveries = (
      await db.query<{ id: string }>('SELECT id FROM inventory_allocations WHERE shop_id = $1', [secondId])
    ).map((row) => `inventoryAllocation:${row.id}`);
    expect(deliveries).toHaveLength(1);
    expect(second.changes.map((change) => `${change.entity}:${change.id}`).sort()).toEqual(
      [
        `whitebookEntry:${theirs.id}`,
        `inventoryItem:${theirStock.id}`,
        'agentOrder:ORD-901',
        'agentOrder:ORD-T11',
        'agentOrder:ORD-T12',
        'agentOrder:ORD-T13',
        ...deliveries,
      ].sort(),
    );
    expect(second.changes.every((change) => shopOf(change) === secondId)).toBe(true);

    const admin = await pullAll(cookies.admin);
    expect(admin.pages[0]?.scopes.sort()).toEqual(['admin', `user:${adminId}`].sort());
    for (const id of [mine.id, theirs.id, theirStock.id, 'ORD-901', 'ORD-001'])
      expect(ids(admin.changes)).toContain(id);
    // Every shop's change, and nothing else (a change to a row since, such as an order fulfilled, comes as well).
    const keysOf = (changes: typeof admin.changes) => new Set(changes.map((change) => `${change.entity}:${change.id}`));
    expect([...keysOf(admin.changes)].sort()).toEqual(
      [...new Set([...keysOf(agent.changes), ...keysOf(second.changes)])].sort(),
    );
    expect(admin.changes.length).toBe(agent.changes.length + second.changes.length);

    const buyer = await pullAll(cookies.buyer);
    // The buyer's own plates and vehicles only.
    expect(
      buyer.changes.filter((change) => !['ownedPlate', 'vehicle', 'driver', 'plateTransfer'].includes(change.entity)),
    ).toEqual([]);
    expect(buyer.pages[0]?.scopes).toEqual([`user:${await userIdOf('buyer@nambala.zm')}`]);
  });

  it('ignores a shop named in the payload: the record lands in the sender’s own shop', async () => {
    const { cursor: agentCursor } = await pullAll(cookies.agent);
    const { cursor: secondCursor } = await pullAll(cookies.second);
    const intruding = whitebook('ZM-203-CCC', { agentId, agent_id: agentId, createdAt: '2000-01-01T00:00:00.000Z' });
    // The demo shop has a pending order for ZM-104-BPT; collecting that plate from the other shop (given it too, as ORD-T13) fulfils only the other shop's.
    const collected = manufacturing('ZM-104-BPT', 'Collected', {
      agentId,
      agent_id: agentId,
      ...blanks.second('ZM-104-BPT'),
    });
    const stock = inventory({ agentId });
    const results = await pushAll(cookies.second, [
      mutation('recordWhitebookEntry', intruding),
      mutation('recordManufacturing', collected),
      mutation('recordInventoryItem', stock),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['applied', 'applied', 'applied']);
    expect(results[1]?.data).toEqual({ fulfilledOrders: 'ORD-T13' });

    for (const [table, id] of [
      ['whitebook_entries', intruding.id],
      ['manufacturing_records', collected.id],
      ['agent_inventory_items', stock.id],
    ] as const) {
      const rows = await db.query<{ agent_id: string }>(`SELECT agent_id FROM ${table} WHERE id = $1`, [id]);
      expect(rows, table).toEqual([{ agent_id: secondId }]);
    }
    const [order] = await db.query<{ status: string; agent_id: string }>(
      "SELECT status, agent_id FROM agent_orders WHERE id = 'ORD-004'",
    );
    expect(order).toEqual({ status: 'Pending', agent_id: agentId });

    // The demo agent sees none of it; the second agent sees all three as their own.
    expect((await pullAll(cookies.agent, agentCursor)).changes).toEqual([]);
    const second = (await pullAll(cookies.second, secondCursor)).changes;
    expect(ids(second).sort()).toEqual([intruding.id, collected.id, stock.id, 'ORD-T13'].sort());
    for (const change of second) {
      expect(change.data?.agentId).toBe(secondId);
      expect(change.data).not.toHaveProperty('agent_id');
    }
    expect(second.find((change) => change.id === intruding.id)?.data?.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('applies one push in order, and the shop’s change log follows the push order', async () => {
    const { cursor } = await pullAll(cookies.agent);
    const [{ seq: before } = { seq: '0' }] = await db.query<{ seq: string }>(
      'SELECT coalesce(max(seq), 0)::text AS seq FROM change_log',
    );
    const first = whitebook('ZM-103-TRK');
    const collected = manufacturing('ZM-103-TRK', 'Collected', blanks.agent('ZM-103-TRK'));
    const refused = whitebook('ZM-204-DDD', { saleDate: '2999-01-01' });
    const stock = inventory();
    const last = whitebook('ZM-205-EEE');
    const mutations = [
      mutation('recordWhitebookEntry', first),
      mutation('recordManufacturing', collected),
      mutation('recordWhitebookEntry', refused),
      mutation('recordInventoryItem', stock),
      mutation('recordWhitebookEntry', last),
    ];
    const results = await pushAll(cookies.agent, mutations);
    expect(results.map((result) => result.id)).toEqual(mutations.map((item) => item.id));
    expect(results.map((result) => result.outcome)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied']);
    expect(results[1]?.data).toEqual({ fulfilledOrders: 'ORD-003' });
    expect(results[2]).toMatchObject({ status: 400, message: 'The date cannot be in the future' });

    const expected = [
      `whitebookEntry:${first.id}`,
      `manufacturingRecord:${collected.id}`,
      'agentOrder:ORD-003',
      `inventoryItem:${stock.id}`,
      `whitebookEntry:${last.id}`,
    ];
    const pulled = (await pullAll(cookies.agent, cursor)).changes;
    expect(pulled.map((change) => `${change.entity}:${change.id}`)).toEqual(expected);
    expect(pulled.find((change) => change.id === 'ORD-003')?.data?.status).toBe('Fulfilled');
    // The log itself, in the order pulls read it.
    const logged = await db.query<{ entity: string; entity_id: string }>(
      'SELECT entity, entity_id FROM change_log WHERE $1 = ANY(scopes) AND seq > $2 ORDER BY txid, seq',
      [`agent:${agentId}`, before],
    );
    expect(logged.map((row) => `${row.entity}:${row.entity_id}`)).toEqual(expected);
    expect(await db.query('SELECT 1 FROM whitebook_entries WHERE id = $1', [refused.id])).toEqual([]);
  });

  it('pages with limit=1 add up to one big pull, and the first page says how many are still to come', async () => {
    const big = await pull(cookies.admin, undefined, 1000);
    expect(big.hasMore).toBe(false);
    expect(big.remaining).toBe(0);
    const total = big.changes.length;
    expect(total).toBeGreaterThan(15);

    const { changes, pages } = await pullAll(cookies.admin, undefined, 1);
    expect(pages).toHaveLength(total);
    expect(pages.map((page) => page.changes.length)).toEqual(Array(total).fill(1));
    // Counted once, on the first page; the device counts down from it.
    expect(pages.map((page) => page.remaining)).toEqual(
      Array.from({ length: total }, (_, index) => (index === 0 ? total - 1 : 0)),
    );
    expect(pages.map((page) => page.hasMore)).toEqual(Array.from({ length: total }, (_, index) => index < total - 1));
    expect(pages.every((page) => page.reset === (page === pages[0]))).toBe(true);
    expect(changes).toEqual(big.changes);

    // And with a limit that does not divide the total.
    const threes = await pullAll(cookies.admin, undefined, 7);
    expect(threes.changes).toEqual(big.changes);
    expect(threes.pages.at(-1)?.remaining).toBe(0);
    expect(threes.pages[0]?.remaining).toBe(total - 7);
  });

  it('applies a change sent in two requests (and twice in one) once: one row, one put for the shop and administrators', async () => {
    const { cursor } = await pullAll(cookies.agent);
    const entry = whitebook('ZM-206-FFF');
    const mutationId = randomUUID();
    const firstAnswer = await pushOne(cookies.agent, 'recordWhitebookEntry', entry, mutationId);
    expect(firstAnswer).toMatchObject({ id: mutationId, outcome: 'applied' });
    // The replay carries an edited payload: it is still the same change, answered as before.
    const replay = await pushAll(cookies.agent, [
      mutation('recordWhitebookEntry', { ...entry, ownerName: 'Someone Else' }, mutationId),
      mutation('recordWhitebookEntry', entry, mutationId),
    ]);
    expect(replay).toEqual([firstAnswer, firstAnswer]);
    // A new change id for the same row adds nothing either.
    expect(await pushOne(cookies.agent, 'recordWhitebookEntry', entry)).toMatchObject({ outcome: 'applied' });

    expect(await db.query('SELECT owner_name FROM whitebook_entries WHERE id = $1', [entry.id])).toEqual([
      { owner_name: 'Mwila Banda' },
    ]);
    const logged = await db.query<{ scopes: string[]; op: string }>(
      'SELECT scopes, op FROM change_log WHERE entity_id = $1',
      [entry.id],
    );
    expect(logged).toEqual([{ scopes: [`agent:${agentId}`, 'admin'], op: 'put' }]);
    expect(await db.query('SELECT count(*)::int AS n FROM applied_mutations WHERE id = $1', [mutationId])).toEqual([
      { n: 1 },
    ]);
    expect(ids((await pullAll(cookies.agent, cursor)).changes)).toEqual([entry.id]);
  });

  it('answers hostile query strings with a 400 and a message, never a 500', async () => {
    const { cursor } = await pullAll(cookies.agent);
    const key = cursor.split('.')[0] ?? '';
    const hostile = [
      'limit=0',
      'limit=-1',
      'limit=-0',
      'limit=abc',
      'limit=',
      'limit=1.5',
      'limit=100000',
      `limit=${PULL_PAGE_LIMIT + 1}`,
      'limit=1e400',
      'limit=Infinity',
      'limit=NaN',
      'limit=1&limit=2',
      `limit=${'9'.repeat(400)}`,
      'cursor=garbage',
      `cursor=${'a'.repeat(5000)}`,
      `cursor=${encodeURIComponent(`${key}.1:2`.padEnd(65, '0'))}`,
      `cursor=${encodeURIComponent("x.1:1' OR '1'='1")}`,
      `cursor=${encodeURIComponent("'; DROP TABLE change_log; --")}`,
      `cursor=${encodeURIComponent(`${key}.1:1; DELETE FROM change_log`)}`,
      `cursor=${encodeURIComponent(`${key}.-1:0`)}`,
      `cursor=${encodeURIComponent(`${key}.1:-1`)}`,
      `cursor=${encodeURIComponent(`${key}.１:１`)}`,
      `cursor=${encodeURIComponent(`${key}.1:2\n`)}`,
      `cursor=${encodeURIComponent(`${key}.1:2`)}%00`,
      `cursor=${encodeURIComponent(cursor)}&cursor=${encodeURIComponent(cursor)}`,
      `cursor=${encodeURIComponent(`${key.toUpperCase()}X.1:2`)}`,
      'cursor=%E0%A4%A',
    ];
    for (const query of hostile) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?${query}`,
        headers: { cookie: cookies.agent },
      });
      expect(response.statusCode, `${query.slice(0, 80)} → ${response.body}`).toBe(400);
      const message = response.json().message;
      expect(typeof message === 'string' && message.length > 0, query.slice(0, 80)).toBe(true);
    }
    // Not a way around signing in either.
    expect((await app.inject({ method: 'GET', url: '/api/sync/pull?limit=abc&cursor=garbage' })).statusCode).toBe(401);
    // The nearly-valid ones a device could send still work.
    for (const query of [
      'limit=1000',
      'limit=1',
      'limit=%205',
      'cursor=',
      `cursor=${encodeURIComponent(cursor)}&limit=5`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?${query}`,
        headers: { cookie: cookies.agent },
      });
      expect(response.statusCode, query).toBe(200);
    }
  });

  it('answers a cursor this server could have given but with numbers beyond bigint with a 400, not a 500', async () => {
    const { cursor } = await pullAll(cookies.agent);
    const key = cursor.split('.')[0] ?? '';
    // parseCursor accepts up to 20 digits; the sequence is a bigint (at most 9223372036854775807).
    for (const forged of [
      `${key}.1:99999999999999999999`,
      `${key}.1:9223372036854775808`,
      `${key}.99999999999999999999:99999999999999999999`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?cursor=${encodeURIComponent(forged)}`,
        headers: { cookie: cookies.agent },
      });
      expect(response.statusCode, `${forged} → ${response.body}`).toBe(400);
    }
  });

  it('starts a user who lost the agent role over with reset and no shop data', async () => {
    const before = await pullAll(cookies.second);
    expect(before.changes.length).toBeGreaterThan(0);
    const demoted = await pushOne(cookies.admin, 'editUser', {
      id: secondId,
      name: 'Second Plate Maker',
      email: SECOND_EMAIL,
      userType: 'Customer',
      status: 'Active',
    });
    expect(demoted).toMatchObject({ outcome: 'applied' });

    const after = await pull(cookies.second, before.cursor);
    expect(after).toMatchObject({
      reset: true,
      changes: [],
      hasMore: false,
      remaining: 0,
      scopes: [`user:${secondId}`],
    });
    // The new cursor is for the new scopes: the next pull carries on without another reset.
    expect(await pull(cookies.second, after.cursor)).toMatchObject({ reset: false, changes: [] });
    // And the shop is closed to them.
    expect(await pushOne(cookies.second, 'recordWhitebookEntry', whitebook('ZM-207-GGG'))).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    // Their old shop's records stay with administrators.
    expect(ids((await pullAll(cookies.admin)).changes)).toContain('ORD-901');
  });
});
