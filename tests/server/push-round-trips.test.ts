/**
 * How often a push of sales asks the database. Each question is a round trip, and on a shop's
 * busiest day the round trips, not the rows, are what a push costs (docs/performance.md: on
 * PostgreSQL a third of the server's time went to sending them). So a push of 50 sales asks
 * as often as a push of one, and no more than it must: one statement for the caller (session
 * and user together) and, in the push's transaction, the answers given before, the numbers'
 * registration and hold, the shop's entitlements, the entries with their change-log records,
 * and the answers remembered.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database, Queryable } from '../../src/server/db/database';
import { demoSale, givePlatesToShop } from './shop-orders';
import { openTestDatabase } from './test-app';

/** The statements a push may send: one outside its transaction, five inside. */
const CALLER_STATEMENTS = 1;
const PUSH_STATEMENTS = 5;

describe('the database round trips of a push of sales', () => {
  let app: FastifyInstance;
  let inner: Database;
  let cookie = '';
  let counting = false;
  const sent: string[] = [];
  const plateNumberOf = (n: number) => `ZM-${String(n).padStart(3, '0')}-RTT`;
  let sold = 0;

  /** The database, every statement sent through it noted while `counting`. */
  function counted(db: Database): Database {
    const note = (where: string, text: string) => {
      if (counting) sent.push(`${where} ${text.replace(/\s+/g, ' ').trim().slice(0, 80)}`);
    };
    const inTransaction = (tx: Queryable): Queryable => ({
      query: (text, params) => {
        note('in', text);
        return tx.query(text, params);
      },
    });
    return {
      ...db,
      query: (text, params) => {
        note('out', text);
        return db.query(text, params);
      },
      transaction: (fn) => db.transaction((tx) => fn(inTransaction(tx))),
    };
  }

  beforeAll(async () => {
    inner = await openTestDatabase();
    const config = loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: true,
        appDir: '/nonexistent',
        logLevel: 'silent',
        keyDir: 'memory://',
        demoRegistryPlates: 50,
        authRateLimit: 0,
      },
    );
    app = await buildApp({ config, db: counted(inner), logger: false });
    await givePlatesToShop(
      inner,
      'agent@nambala.zm',
      Array.from({ length: 60 }, (_, index) => plateNumberOf(index + 1)),
      '123456/78/9',
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agent@nambala.zm', password: 'Agent#2026' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await inner.close();
  });

  /** The statements sent for one push of `count` sales, each answered applied. */
  async function statementsOfPush(count: number): Promise<string[]> {
    const mutations = Array.from({ length: count }, () => {
      sold += 1;
      const payload = demoSale({
        plateNumber: plateNumberOf(sold),
        registrationNumber: `BAK ${sold}`,
        entitlementReference: `ORD-T${sold}`,
      });
      return { id: payload.id, intent: 'recordWhitebookEntry', payload };
    });
    sent.length = 0;
    counting = true;
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: `tablet-${randomUUID()}`, mutations },
    });
    counting = false;
    expect(response.statusCode).toBe(200);
    const results = (response.json() as { results: Array<{ outcome: string; message?: string }> }).results;
    expect(results.filter((result) => result.outcome !== 'applied')).toEqual([]);
    return [...sent];
  }

  it('asks as often for 50 sales as for one: the caller once, and five times in the transaction', async () => {
    const one = await statementsOfPush(1);
    const fifty = await statementsOfPush(50);
    expect(fifty.length, fifty.join('\n')).toBe(one.length);
    expect(fifty.filter((statement) => statement.startsWith('out')).length, fifty.join('\n')).toBe(CALLER_STATEMENTS);
    expect(fifty.filter((statement) => statement.startsWith('in')).length, fifty.join('\n')).toBe(PUSH_STATEMENTS);
  });

  it('stores each sale once with one change-log record for the shop, stamped with the time it was stored', async () => {
    const [statement] = await statementsOfPush(1);
    expect(statement).toBeDefined();
    const rows = await inner.query<{
      entity_id: string;
      data: { createdAt: string; agentId: string; plateNumber: string };
    }>(
      `SELECT c.entity_id, c.data FROM change_log c JOIN whitebook_entries w ON w.id = c.entity_id
       WHERE w.plate_number = $1`,
      [plateNumberOf(sold)],
    );
    expect(rows).toHaveLength(1);
    const [row] = await inner.query<{ created_at: Date }>(
      'SELECT created_at FROM whitebook_entries WHERE plate_number = $1',
      [plateNumberOf(sold)],
    );
    expect(rows[0]?.data.plateNumber).toBe(plateNumberOf(sold));
    expect(new Date(rows[0]?.data.createdAt ?? '').getTime()).toBe(row?.created_at.getTime());
  });
});
