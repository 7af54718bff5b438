/**
 * Randomised sequences of what happens to a plate shop's tablet: records made
 * offline, page reloads, reconnects with requests or answers lost on the way, and
 * server restarts. Whatever the sequence, every record reaches the server exactly
 * once and nothing is left behind on the device.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';
import { mutate } from '../../../src/app/store/mutate';
import { sendIntents } from '../../../src/app/sync/push-transport';
import { pushOutbox } from '../../../src/app/sync/push';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { type Database } from '../../../src/server/db/database';
import { openTestDatabase } from '../../server/test-app';

/**
 * A distinct plate number for each record: ZM-000-QAA, ZM-001-QAA … (a plate is sold once;
 * the Q keeps it out of the demo registry, whose numbers never use it, so no sale is a clone).
 */
const plateNumberOf = (index: number) => {
  const letters = `Q${Array.from({ length: 2 }, (_, place) => String.fromCharCode(65 + (Math.floor(index / 1000 / 26 ** place) % 26))).join('')}`;
  return `ZM-${String(index % 1000).padStart(3, '0')}-${letters}`;
};

type Step =
  | { kind: 'record'; count: number }
  | { kind: 'reload' }
  | { kind: 'sync'; network: 'up' | 'down' | 'request-lost' | 'answer-lost' }
  | { kind: 'restart-server' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }).map((count) => ({ kind: 'record' as const, count })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reload' as const }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom('up', 'down', 'request-lost', 'answer-lost').map((network) => ({
      kind: 'sync' as const,
      network: network as 'up' | 'down' | 'request-lost' | 'answer-lost',
    })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart-server' as const }) },
);

describe('offline sequences', () => {
  let db: Database;
  let app: FastifyInstance;
  let cookie = '';
  let agentId = '';
  let sequences = 0;
  let plates = 0;
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: true,
      appDir: '/nonexistent',
      logLevel: 'silent',
      keyDir: 'memory://',
      demoRegistryPlates: 300,
    },
  );

  async function startServer(): Promise<void> {
    app = await buildApp({ config, db, logger: false });
  }

  /** The device's fetch, through the network as this step has it. */
  function network(mode: 'up' | 'down' | 'request-lost' | 'answer-lost') {
    let failuresLeft = mode === 'up' || mode === 'down' ? 0 : 1;
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      if (mode === 'down') throw new TypeError('Failed to fetch');
      if (mode === 'request-lost' && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new TypeError('Failed to fetch');
      }
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'POST',
        url: path,
        headers: { cookie, 'content-type': 'application/json' },
        payload: init.body as string,
      });
      if (mode === 'answer-lost' && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new TypeError('network reset after the request reached the server');
      }
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  }

  beforeAll(async () => {
    db = await openTestDatabase();
    await startServer();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'agent@nambala.zm', password: 'Agent#2026' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    agentId = login.json().user.id;
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await app.close();
    await db.close();
    // eslint-disable-next-line no-console -- the count is reported in the closing note
    console.log(`offline sequences run: ${sequences}`);
  });

  it('loses and duplicates no record, whatever happens between device and server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        sequences += 1;
        const name = `tablet-${randomUUID()}`;
        let device = new NambalaDatabase(name);
        const made: string[] = [];
        try {
          for (const current of steps) {
            if (current.kind === 'record') {
              for (let index = 0; index < current.count; index += 1) {
                const id = randomUUID();
                made.push(id);
                const plateNumber = plateNumberOf((plates += 1));
                // The shop's order for the number, to this NRC: the entitlement its sale names.
                await db.query(
                  "INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle, status, collection_date) VALUES ($1, $2, 'Owner', '123456/78/9', '+260971234567', $3, 'Private', 'Toyota Hilux', 'Pending', '2026-11-01')",
                  [`ORD-Q${plates}`, agentId, plateNumber],
                );
                const entry = {
                  id,
                  plateNumber,
                  vehicleMake: 'Toyota',
                  vehicleModel: 'Hilux',
                  vehicleColour: 'White',
                  vehicleYear: 2021,
                  chassisNumber: 'AHTFR22G807712345',
                  ownerName: 'Owner',
                  ownerNrc: '123456/78/9',
                  saleDate: '2026-11-01',
                  registrationNumber: 'BAA 1',
                  entitlementReference: `ORD-Q${plates}`,
                };
                await mutate(device, {
                  intent: 'recordWhitebookEntry',
                  table: 'whitebookEntries',
                  row: { ...entry, createdAt: new Date().toISOString() },
                  payload: entry,
                });
              }
            } else if (current.kind === 'reload') {
              device.close();
              device = new NambalaDatabase(name);
            } else if (current.kind === 'restart-server') {
              await app.close();
              await startServer();
            } else {
              network(current.network);
              await pushOutbox(device, sendIntents);
            }
          }
          // Back online for good: the outbox drains.
          network('up');
          for (let round = 0; round < 5 && (await device.outbox.count()) > 0; round += 1)
            await pushOutbox(device, sendIntents);
          expect(await device.outbox.count()).toBe(0);
          expect((await device.whitebookEntries.toArray()).every((row) => row.syncState === 'synced')).toBe(true);
          if (made.length === 0) return;
          const stored = await db.query<{ id: string }>(
            'SELECT id FROM whitebook_entries WHERE id = ANY($1::text[]) AND agent_id = $2',
            [made, agentId],
          );
          expect(stored.map((row) => row.id).sort()).toEqual([...made].sort());
          // Applied once each: one change each in the log, never more.
          const logged = await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM change_log WHERE entity = 'whitebookEntry' AND entity_id = ANY($1::text[])",
            [made],
          );
          expect(logged[0]?.n).toBe(made.length);
        } finally {
          device.close();
          await device.delete();
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
