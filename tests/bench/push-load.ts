/**
 * The push under load, for the load bench (load-bench.ts): devices pushing whitebook sales
 * (POST /api/sync/push, 50 changes a request, as a device's outbox sends them) through real
 * server processes at once, each device one after another as a device does, spread over the
 * instances. Checked in the database afterwards: every change answered 'applied' is stored
 * once (nothing lost), and each device's last push sent again is answered the same and stores
 * nothing more (nothing applied twice). Beside it, the same devices posting the same bodies to
 * a bare Fastify route that parses them and answers as many results: what HTTP and JSON alone
 * cost on this machine in the same run.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

export const PUSH_BATCH = 50;

/** A device's push: its id and the changes it sends. */
interface PushBody {
  clientId: string;
  mutations: Array<{ id: string; intent: string; payload: unknown }>;
}

export interface PushRun {
  devices: number;
  applied: number;
  seconds: number;
  pushes: number;
  failures: string[];
  /** Every change id sent, and each device's last body (sent again to check it changes nothing). */
  ids: string[];
  lastBodies: PushBody[];
}

/** Numbers the bench's shop orders hold (seedShopOrders) for 4 s phases; a sale each. */
export const PUSH_ORDERS = 250_000;
/** The most numbers benchPlate writes apart (26 × 26 thousands). */
const MOST_ORDERS = 676_000;
/** Orders enough for three push phases of `seconds` each at the rate 4 s phases were seeded for. */
export const ordersFor = (seconds: number) => Math.min(MOST_ORDERS, Math.ceil(Math.max(seconds, 4) / 4) * PUSH_ORDERS);
let salesMade = 0;
/** Orders seedShopOrders made: pushes to the server stop before they run out (a bare route stores nothing and has no limit). */
let ordersSeeded = PUSH_ORDERS;

/** The n-th bench plate number (ZM-000-QAA …; a Q first: the demo never uses it), as seedShopOrders makes it. */
function benchPlate(n: number): string {
  const letters = `Q${String.fromCharCode(65 + (Math.floor(n / 1000) % 26))}${String.fromCharCode(65 + (Math.floor(n / 26_000) % 26))}`;
  return `ZM-${String(n % 1000).padStart(3, '0')}-${letters}`;
}

/**
 * The demo shop's orders for the bench's numbers, in one statement (generate_series), as an
 * approved application gives a shop its order: a sale of each number is then allowed once.
 */
export async function seedShopOrders(
  database: { query(sql: string, params: unknown[]): Promise<unknown> },
  count: number = PUSH_ORDERS,
): Promise<number> {
  const started = performance.now();
  ordersSeeded = count;
  await database.query(
    `INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle,
       status, collection_date, created_at, reference)
     SELECT 'ORD-B' || n, (SELECT id FROM users WHERE email = 'agent@nambala.zm'), 'Bench Owner', '123456/78/9', '+260971234567',
       'ZM-' || lpad((n % 1000)::text, 3, '0') || '-Q' || chr(65 + (n / 1000) % 26) || chr(65 + (n / 26000) % 26),
       'Private', 'Toyota Corolla (white)', 'Pending', current_date, now(), ''
     FROM generate_series(0, $1::int - 1) AS n
     ON CONFLICT (id) DO NOTHING`,
    [count],
  );
  // As after any bulk load: until the table is analysed, the planner knows nothing of its index on
  // upper(id), and looked up a push's orders by hashing all 250,000 of the shop's (380 ms a push).
  await database.query('ANALYZE agent_orders', []);
  return (performance.now() - started) / 1000;
}

/** The sale of the n-th bench number against its own order (seedShopOrders), as a shop's device records it. */
export function benchSale(n: number, index: number) {
  return {
    id: randomUUID(),
    plateNumber: benchPlate(n),
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    vehicleColour: 'White',
    vehicleYear: 2019,
    chassisNumber: 'JTDBR32E720123456',
    ownerName: `Bench Owner ${index}`,
    ownerNrc: '123456/78/9',
    saleDate: '2026-11-01',
    registrationNumber: `BAA ${index}`,
    entitlementReference: `ORD-B${n}`,
  };
}

function sale(index: number) {
  return benchSale(salesMade++, index);
}

function pushBody(clientId: string): PushBody {
  return {
    clientId,
    mutations: Array.from({ length: PUSH_BATCH }, (_, index) => {
      const payload = sale(index);
      return { id: payload.id, intent: 'recordWhitebookEntry', payload };
    }),
  };
}

async function post(
  url: string,
  cookie: string,
  body: PushBody,
): Promise<{ status: number; outcomes: string[]; reason?: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { results?: Array<{ outcome: string; message?: string }> };
  const results = answer.results ?? [];
  const reason = results.find((result) => result.message)?.message;
  return { status: response.status, outcomes: results.map((result) => result.outcome), ...(reason ? { reason } : {}) };
}

/** `devices` devices pushing for `seconds` through `origins` (device i through origins[i % n]) at `pathName`. */
export async function pushFor(
  origins: string[],
  pathName: string,
  cookie: string,
  devices: number,
  seconds: number,
): Promise<PushRun> {
  const run: PushRun = { devices, applied: 0, seconds: 0, pushes: 0, failures: [], ids: [], lastBodies: [] };
  const started = performance.now();
  const until = started + seconds * 1000;
  const tag = randomUUID().slice(0, 8);
  const isStored = pathName === '/api/sync/push';
  await Promise.all(
    Array.from({ length: devices }, async (_, device) => {
      const url = `${origins[device % origins.length]}${pathName}`;
      let last: PushBody | undefined;
      while (performance.now() < until) {
        const body = pushBody(`bench-${tag}-${device}`);
        if (isStored && salesMade + PUSH_BATCH > ordersSeeded) break;
        const { status, outcomes, reason } = await post(url, cookie, body);
        run.pushes += 1;
        run.ids.push(...body.mutations.map((mutation) => mutation.id));
        const applied = outcomes.filter((outcome) => outcome === 'applied').length;
        run.applied += applied;
        if (status !== 200 || applied !== PUSH_BATCH)
          run.failures.push(`${status}: ${applied} of ${PUSH_BATCH} applied${reason ? ` (${reason})` : ''}`);
        last = body;
      }
      if (last) run.lastBodies.push(last);
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

/** Stored once each, and a push sent again stores nothing more: '' when so, else what was wrong. */
export async function checkOnce(database: pg.Client, origins: string[], cookie: string, run: PushRun): Promise<string> {
  const count = async () =>
    Number(
      (
        await database.query<{ count: string }>('SELECT count(*) AS count FROM whitebook_entries WHERE id = ANY($1)', [
          run.ids,
        ])
      ).rows[0]?.count ?? 0,
    );
  const stored = await count();
  const problems: string[] = [];
  if (stored !== run.applied) problems.push(`${run.applied} applied but ${stored} stored`);
  for (const [index, body] of run.lastBodies.entries()) {
    const again = await post(`${origins[(index + 1) % origins.length]}/api/sync/push`, cookie, body);
    if (again.outcomes.some((outcome) => outcome !== 'applied'))
      problems.push(`a push sent again was answered otherwise (${again.reason ?? again.status})`);
  }
  if ((await count()) !== stored) problems.push('pushes sent again stored changes');
  return [...new Set(problems)].join('; ');
}

// The reference: a bare Fastify route that parses a push and answers one result per change.
export const BARE_PUSH_SCRIPT = `
const fastify = require('fastify')({ logger: false, bodyLimit: 1048576 });
fastify.get('/ok', async () => ({ ok: true }));
fastify.post('/push', async (request) => ({ results: request.body.mutations.map((m) => ({ id: m.id, outcome: 'applied' })) }));
fastify.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' }).catch((error) => { process.stderr.write(String(error)); process.exit(1); });`;
