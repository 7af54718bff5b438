/**
 * Two real server processes on one fresh PostgreSQL database, started at the same moment,
 * as behind a load balancer (docs/running-several-instances.md): migrations and the demo
 * data set applied once; one plate sold once however the buyers' requests are spread; the
 * account routes' limit counted once for both; devices pushing through both and pulling
 * through both get every change exactly once; a registry change committed behind a later one
 * still reaches both instances' verdict caches; a plate reported stolen on one reads so on the
 * other's very next verify; lapsed payments, renewal reminders and queued
 * messages handled once although both instances run the jobs.
 * Runs when TEST_DATABASE_URL is set, in a throwaway database; ports 8620 and 8621 (TWO_INSTANCES_PORT and +1).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryBucketOf } from '#domain/registry/registry-copy';
import { type Database, openPostgres, type Queryable } from '../../src/server/db/database';
import { listMigrations } from '../../src/server/db/migrate';
import { paymentProviderFromEnv } from '../../src/server/payments/provider-from-env';
import { paymentService } from '../../src/server/payments/payment-service';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const baseUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIRST_PORT = Number(process.env.TWO_INSTANCES_PORT ?? 8620);
const PORTS = [FIRST_PORT, FIRST_PORT + 1] as const;
const AUTH_LIMIT = 30;
const VERDICT_CACHE_MS = 500;
const APPROVE_CARD = { number: '4242424242424242' };
/** Pushes each device sends, each with its retry racing it on the other instance. */
const ROUNDS = 6;

interface Change {
  entity: string;
  id: string;
  op: string;
  data: Record<string, unknown> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const origin = (index: number) => `http://127.0.0.1:${PORTS[index % PORTS.length]}`;

/** A request to instance `index` mod 2; the answer's status and JSON body. */
async function call(
  index: number,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(origin(index) + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

async function signIn(index: number, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin(index)}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A device: its own session, pushing and pulling through whichever instance it is handed. */
class Device {
  cursor: string | undefined;
  readonly received: Change[] = [];
  pulls = 0;
  constructor(
    readonly name: string,
    readonly cookie: string,
  ) {}

  async push(index: number, mutations: Array<{ id: string; intent: string; payload: unknown }>): Promise<string[]> {
    const answer = await call(index, 'POST', '/api/sync/push', {
      cookie: this.cookie,
      body: { clientId: this.name, mutations },
    });
    expect(answer.status).toBe(200);
    return (answer.body.results as Array<{ outcome: string }>).map((result) => result.outcome);
  }

  /** One page through instance `index`; true when more is waiting. */
  async pullPage(index: number, limit = 7): Promise<boolean> {
    const query = `limit=${limit}${this.cursor ? `&cursor=${encodeURIComponent(this.cursor)}` : ''}`;
    const answer = await call(index, 'GET', `/api/sync/pull?${query}`, { cookie: this.cookie });
    expect(answer.status).toBe(200);
    // A cursor from either instance is good on the other: the log is read from the database alone.
    expect(answer.body.reset).toBe(this.cursor === undefined);
    this.received.push(...(answer.body.changes as Change[]));
    this.cursor = answer.body.cursor as string;
    this.pulls += 1;
    return answer.body.hasMore as boolean;
  }

  /** Pulls until nothing is left, alternating instances page by page. */
  async pullToEnd(): Promise<void> {
    for (let page = 0; page < 1000; page += 1) if (!(await this.pullPage(this.pulls, 50))) return;
    throw new Error(`${this.name}: the pull never finished`);
  }

  /** How many times the device was given each of `ids` (as `entity`). */
  timesGiven(entity: string, ids: readonly string[]): number[] {
    return ids.map((id) => this.received.filter((change) => change.entity === entity && change.id === id).length);
  }
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL database', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let db: Database;
  let url = '';
  let keyDir = '';
  const servers: ChildProcess[] = [];
  const logs: string[][] = [[], []];

  /** Log lines (pino JSON) of both instances whose message is `msg`. */
  const logged = (msg: string) => logs.flat().filter((line) => line.includes(`"msg":"${msg}"`));

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_two');
    url = throwaway.url;
    keyDir = await mkdtemp(path.join(os.tmpdir(), 'nambala-two-'));
    // One signing key given to both, as an operator gives it to every instance.
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const env = {
      ...process.env,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      APP_DIR: '/nonexistent',
      DEMO_REGISTRY_PLATES: '300',
      SIGNING_KEY_PEM: pem,
      SIGNING_KEY_ID: '1',
      SIGNING_KEY_DIR: keyDir,
      TRUST_PROXY: 'loopback',
      AUTH_RATE_LIMIT: String(AUTH_LIMIT),
      PUBLIC_VERDICT_CACHE_MS: String(VERDICT_CACHE_MS),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    };
    // Both at the same moment: each migrates and seeds at start.
    for (const [index, port] of PORTS.entries()) {
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
        cwd: root,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let rest = '';
      const collect = (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        logs[index]?.push(...lines);
      };
      server.stdout?.on('data', collect);
      server.stderr?.on('data', collect);
      servers.push(server);
    }
    const deadline = Date.now() + 75_000;
    for (const index of PORTS.keys()) {
      let healthy = false;
      while (!healthy && Date.now() < deadline) {
        healthy = await fetch(`${origin(index)}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (!healthy) await sleep(200);
      }
      if (!healthy) throw new Error(`instance ${index} did not start:\n${logs[index]?.slice(-20).join('\n')}`);
    }
    db = await openPostgres(url);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) return resolve();
            server.once('exit', () => resolve());
            server.kill('SIGTERM');
            setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await db?.close();
    await throwaway?.drop();
    if (keyDir) await rm(keyDir, { recursive: true, force: true });
  }, 30_000);

  /** Buyers made straight in the database, each with a session (a sign-in each would spend the account routes' limit). */
  async function makeBuyers(prefix: string, count: number): Promise<Array<{ id: string; cookie: string }>> {
    const buyers = [];
    for (let i = 0; i < count; i += 1) {
      const user = await userRepository(db).create({
        email: `${prefix}${i}@test.zm`,
        name: `Buyer ${i}`,
        passwordHash: 'x',
        accountType: 'individual',
        userType: 'Customer',
        status: 'Active',
        requestedRole: null,
        roles: ['buyer'],
      });
      const token = `${prefix}-${i}-${randomUUID()}`;
      await sessionRepository(db).create(token, user?.id ?? '', new Date(Date.now() + 3600_000));
      buyers.push({ id: user?.id ?? '', cookie: `nambala_session=${token}` });
    }
    return buyers;
  }

  it('migrates once and seeds the demo data set once although both started at the same moment', async () => {
    const migrations = await listMigrations();
    const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((row) => row.name)).toEqual(migrations);
    // Each migration applied by one instance alone: they take turns under the advisory lock,
    // one migration at a time, so either may apply any of them, but never both the same one.
    const byInstance = logs.map((lines) =>
      lines
        .filter((line) => line.includes('"msg":"migrations applied"'))
        .flatMap((line) => (JSON.parse(line) as { applied: string[] }).applied),
    );
    expect(byInstance.flat().sort()).toEqual(migrations);
    for (const seeded of [
      'demo data seeded',
      'demo registry seeded',
      'demo plate requests seeded',
      'demo insurance book seeded',
      'demo inventory seeded',
    ]) {
      expect(logged(seeded), seeded).toHaveLength(1);
    }
    const [{ n: listings } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM plate_listings');
    expect(listings).toBe(DEMO_LISTINGS.length);
    const keys = await db.query<{ key_id: number; status: string }>('SELECT key_id, status FROM signing_keys');
    expect(keys).toEqual([{ key_id: 1, status: 'active' }]);
    // Both ran the renewal reminders at start: each reminder due was recorded, and its owner told, once.
    const [reminders] = await db.query<{ recorded: number; told: number }>(
      `SELECT (SELECT count(DISTINCT (plate_number, expiry_date))::int FROM renewal_reminders) AS recorded,
              (SELECT count(*)::int FROM notifications WHERE kind = 'renewal-reminder') AS told`,
    );
    expect(reminders?.recorded).toBeGreaterThan(0);
    expect(reminders?.told).toBe(reminders?.recorded);
  });

  it('sells a plate to exactly one of many buyers whose requests are spread over both instances, with no 5xx; the card page started on one is paid on the other', async () => {
    const buyers = await makeBuyers('racer', 24);
    const listing = DEMO_LISTINGS.find((candidate) => candidate.status === 'Available');
    if (!listing) throw new Error('no available demo listing');
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        call(i, 'POST', `/api/listings/${listing.id}/buy`, {
          cookie: buyer.cookie,
          body: {
            idempotencyKey: randomUUID(),
            method: 'card',
            ownerName: 'Mwila Banda',
            ownerNrc: '123456/78/9',
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(buyers.length - 1);
    // The winner pays on the card page through the other instance, and reads the outcome through the first.
    const winner = statuses.indexOf(201);
    const payment = answers[winner]?.body.payment as { id: string; checkoutUrl: string };
    const paid = await fetch(origin(winner + 1) + payment.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', number: APPROVE_CARD.number, expiry: '12/49', cvc: '123' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const read = await call(winner, 'GET', `/api/payments/${payment.id}`, { cookie: buyers[winner]?.cookie });
    expect((read.body.payment as { status: string }).status).toBe('approved');
    const [sale] = await db.query<{ orders: number; approved: number }>(
      `SELECT (SELECT count(*)::int FROM purchase_orders WHERE listing_id = $1) AS orders,
              (SELECT count(*)::int FROM payments WHERE listing_id = $1 AND status = 'approved') AS approved`,
      [listing.id],
    );
    expect(sale).toEqual({ orders: 1, approved: 1 });
  });

  it('records a lapsed payment once, and tells its payer once, when both instances sweep at the same moment', async () => {
    const buyers = await makeBuyers('lapser', 3);
    const available = DEMO_LISTINGS.filter((candidate) => candidate.status === 'Available').slice(1, 4);
    const pending: string[] = [];
    for (const [i, listing] of available.entries()) {
      const buyer = buyers[i] ?? { cookie: '' };
      const body = { idempotencyKey: randomUUID(), method: 'mtn', phone: `09610000${10 + i}` };
      const answer = await call(i, 'POST', `/api/listings/${listing.id}/reserve`, { cookie: buyer.cookie, body });
      expect(answer.status).toBe(201);
      pending.push((answer.body.payment as { id: string; status: string }).id);
    }
    // Each sweep as an instance's job runs it, on its own connections, a day later.
    const log = pino({ level: 'silent' });
    const later = () => new Date(Date.now() + 24 * 3600_000);
    const pools = [await openPostgres(url), await openPostgres(url)];
    try {
      const sweeps = pools.map((pool) =>
        paymentService({
          db: pool,
          provider: paymentProviderFromEnv(pool, { PAYMENT_PROVIDER: 'sandbox' }, later),
          now: later,
          log,
        }).recordLapsed(),
      );
      await Promise.all(sweeps);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
    const rows = await db.query<{ id: string; status: string; told: number; released: number }>(
      `SELECT p.id, p.status,
              (SELECT count(*)::int FROM notifications n WHERE n.link = '/dashboard/user/payments/' || p.id) AS told,
              (SELECT count(*)::int FROM plate_listings l WHERE l.id = p.listing_id AND l.status = 'Available') AS released
       FROM payments p WHERE p.id = ANY($1::text[]) ORDER BY p.id`,
      [pending],
    );
    expect(rows.map(({ status, told, released }) => ({ status, told, released }))).toEqual(
      pending.map(() => ({ status: 'timed_out', told: 1, released: 1 })),
    );
  });

  it("counts the account routes' limit for both instances together: one address gets it once, not once per instance", async () => {
    // Through the balancer (TRUST_PROXY=loopback), the client's address is the forwarded one.
    const attempts = Array.from({ length: 2 * AUTH_LIMIT }, (_, i) =>
      call(i, 'POST', '/api/auth/login', {
        body: { email: `nobody${i}@example.zm`, password: 'Wrong#password1' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(AUTH_LIMIT);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is counted apart, on either instance.
    for (const index of PORTS.keys()) {
      const body = { email: 'nobody@example.zm', password: 'Wrong#password1' };
      const other = await call(index, 'POST', '/api/auth/login', {
        body,
        headers: { 'x-forwarded-for': `203.0.113.${20 + index}` },
      });
      expect(other.status).toBe(401);
    }
  });

  it('gives every device each change pushed through either instance exactly once, whichever instance serves each pull', async () => {
    // Each device signs in on its own, through either instance.
    const tablets = [];
    for (const [index, name] of ['tablet-1', 'tablet-2', 'tablet-3'].entries())
      tablets.push(new Device(name, await signIn(index, 'agent@nambala.zm', 'Agent#2026')));
    const phones = [];
    for (const [index, name] of ['phone-1', 'phone-2'].entries())
      phones.push(new Device(name, await signIn(index + 1, 'buyer@nambala.zm', 'Buyer#2026')));
    const office = new Device('office', await signIn(1, 'admin@nambala.zm', 'Admin#2026'));
    const devices = [...tablets, ...phones, office];
    // Where each device starts: everything before this test.
    await Promise.all(devices.map((device) => device.pullToEnd()));
    const startedWith = new Map(devices.map((device) => [device, device.received.length]));

    const pullsBefore = new Map(devices.map((device) => [device, device.pulls]));
    let pulling = true;
    const pullers = devices.map(async (device) => {
      while (pulling) {
        await device.pullPage(device.pulls);
        await sleep(15);
      }
    });

    const sales: string[] = [];
    const stock: string[] = [];
    const drivers: string[] = [];
    let serial = 0;
    const today = new Date().toISOString().slice(0, 10);
    const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    const plateNumberOf = (n: number) =>
      `ZM-${String(n).padStart(3, '0')}-Q${letters[n % letters.length]}${letters[Math.floor(n / letters.length) % letters.length]}`;
    // Each number a sale may take is on an order of the shop's (ORD-P<serial>), for Mwila Banda:
    // written straight into the table, so devices pull nothing more than the pushes below.
    const setup = await openPostgres(url);
    try {
      await setup.query(
        `INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle, status, collection_date)
         SELECT 'ORD-P' || n, u.id, 'Mwila Banda', '123456/78/9', '+260971234567', plate, 'Private', 'Toyota Corolla', 'Pending', current_date
           FROM unnest($1::text[]) WITH ORDINALITY AS t(plate, n), users u WHERE u.email = 'agent@nambala.zm'
         ON CONFLICT (id) DO NOTHING`,
        [Array.from({ length: 200 }, (_, index) => plateNumberOf(index + 1))],
      );
    } finally {
      await setup.close();
    }
    const sale = () => {
      serial += 1;
      const id = randomUUID();
      sales.push(id);
      const plateNumber = plateNumberOf(serial);
      const vehicle = {
        vehicleMake: 'Toyota',
        vehicleModel: 'Corolla',
        vehicleColour: 'White',
        vehicleYear: 2019,
        chassisNumber: 'JTDBR32E720123456',
      };
      const owner = { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9', registrationNumber: 'BAK 1234' };
      return {
        id,
        intent: 'recordWhitebookEntry',
        payload: { id, plateNumber, ...vehicle, ...owner, saleDate: today, entitlementReference: `ORD-P${serial}` },
      };
    };
    const blanks = () => {
      serial += 1;
      const id = randomUUID();
      stock.push(id);
      return {
        id,
        intent: 'recordInventoryItem',
        payload: {
          id,
          itemType: 'Raw Materials',
          quantity: serial,
          batchNumber: `TWO-${serial}`,
          receivedDate: today,
          allocationId: null,
        },
      };
    };
    const driver = () => {
      serial += 1;
      const id = randomUUID();
      drivers.push(id);
      return {
        id,
        intent: 'saveDriver',
        payload: {
          id,
          name: `Driver ${serial}`,
          licenceNumber: `DL${String(serial).padStart(6, '0')}`,
          phone: `0971${String(100_000 + serial)}`,
        },
      };
    };

    // Each device sends its outbox in order, alternating instances; each push is also sent
    // again to the other instance at the same moment (a retry racing the first try).
    const pushers = [
      ...tablets.map(async (tablet, t) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const mutations = [sale(), blanks(), sale(), blanks(), sale()];
          const [first, retry] = await Promise.all([
            tablet.push(t + round, mutations),
            tablet.push(t + round + 1, mutations),
          ]);
          expect(first).toEqual(mutations.map(() => 'applied'));
          expect(retry).toEqual(first);
        }
      }),
      ...phones.map(async (phone, p) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const mutations = [driver(), driver(), driver()];
          const [first, retry] = await Promise.all([
            phone.push(p + round, mutations),
            phone.push(p + round + 1, mutations),
          ]);
          expect(first).toEqual(mutations.map(() => 'applied'));
          expect(retry).toEqual(first);
        }
      }),
    ];
    try {
      await Promise.all(pushers);
    } finally {
      pulling = false;
      await Promise.all(pullers);
    }
    await Promise.all(devices.map((device) => device.pullToEnd()));

    expect(sales).toHaveLength(tablets.length * ROUNDS * 3);
    expect(drivers).toHaveLength(phones.length * ROUNDS * 3);
    for (const device of [...tablets, office]) {
      expect(device.timesGiven('whitebookEntry', sales), device.name).toEqual(sales.map(() => 1));
      expect(device.timesGiven('inventoryItem', stock), device.name).toEqual(stock.map(() => 1));
      expect(device.timesGiven('driver', drivers), device.name).toEqual(drivers.map(() => 0));
    }
    for (const device of phones) {
      expect(device.timesGiven('driver', drivers), device.name).toEqual(drivers.map(() => 1));
      expect(device.timesGiven('whitebookEntry', sales), device.name).toEqual(sales.map(() => 0));
    }
    // Every device pulled while the pushes ran, and got nothing else twice either.
    for (const device of devices) {
      expect(device.pulls - (pullsBefore.get(device) ?? 0), device.name).toBeGreaterThanOrEqual(5);
      const since = device.received
        .slice(startedWith.get(device) ?? 0)
        .map((change) => `${change.entity}/${change.id}/${JSON.stringify(change.data)}`);
      expect(new Set(since).size, device.name).toBe(since.length);
    }
    const [stored] = await db.query<{ sales: number; stock: number; drivers: number }>(
      `SELECT (SELECT count(*)::int FROM whitebook_entries WHERE id = ANY($1::text[])) AS sales,
              (SELECT count(*)::int FROM agent_inventory_items WHERE id = ANY($2::text[])) AS stock,
              (SELECT count(*)::int FROM drivers WHERE id = ANY($3::text[])) AS drivers`,
      [sales, stock, drivers],
    );
    expect(stored).toEqual({ sales: sales.length, stock: stock.length, drivers: drivers.length });
  }, 60_000);

  it("shows a registry change committed behind a later-numbered one on both instances' verdicts, and to devices asking what changed", async () => {
    const candidates = await db.query<{ plate_number: string }>(
      "SELECT plate_number FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '30 days' ORDER BY plate_number LIMIT 20",
    );
    const first = candidates[0]?.plate_number ?? '';
    const second =
      candidates.find((row) => registryBucketOf(row.plate_number) !== registryBucketOf(first))?.plate_number ?? '';
    const verdict = async (index: number, plate: string) =>
      (await call(index, 'GET', `/api/verification/${plate}`)).body.verdict;
    for (const index of PORTS.keys()) expect(await verdict(index, first)).toBe('Valid');

    // Two writers: the first takes its registry version, the second a later one and commits first.
    const writers = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all(writers.map((writer) => writer.connect()));
    let seen: number | undefined;
    try {
      const [early, late] = writers.map((writer): Queryable => ({
        query: async (text, params = []) => (await writer.query(text, [...params])).rows,
      }));
      await writers[0]?.query('BEGIN');
      await registryRepository(early as Queryable).setStanding(first, 'Stolen');
      await writers[1]?.query('BEGIN');
      await registryRepository(late as Queryable).setStanding(second, 'Revoked');
      await writers[1]?.query('COMMIT');

      const listed = await call(0, 'GET', '/api/credentials/revocations');
      seen = listed.body.version as number;
      expect(
        (listed.body.revocations as Array<{ plateNumber: string }>).map((entry) => entry.plateNumber),
      ).not.toContain(first);
      await sleep(VERDICT_CACHE_MS + 200);
      // Read (and cached) after the later change, before the earlier one commits.
      for (const index of PORTS.keys()) expect(await verdict(index, first)).toBe('Valid');
      await writers[0]?.query('COMMIT');
    } finally {
      await Promise.all(writers.map((writer) => writer.end()));
    }
    await sleep(VERDICT_CACHE_MS + 200);
    for (const index of PORTS.keys()) expect(await verdict(index, first)).toBe('Stolen');
    // A device that fetched the list between the two commits is told it changed.
    const changed = await call(1, 'GET', `/api/credentials/revocations?known=${seen ?? 0}`);
    expect(changed.body.unchanged).toBe(false);
    expect((changed.body.revocations as Array<{ plateNumber: string }>).map((entry) => entry.plateNumber)).toEqual(
      expect.arrayContaining([first, second]),
    );
  });

  it("answers a plate reported stolen or revoked through one instance so on the other's very next verify, though both held it as Valid in memory", async () => {
    const session = async (email: string) => {
      const found = await userRepository(db).findCredentials(email);
      const token = `cache-${randomUUID()}`;
      await sessionRepository(db).create(token, found?.user.id ?? '', new Date(Date.now() + 3600_000));
      return `nambala_session=${token}`;
    };
    const police = await session('police@nambala.zm');
    const admin = await session('admin@nambala.zm');
    const plates = (
      await db.query<{ plate_number: string }>(
        "SELECT plate_number FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '30 days' ORDER BY plate_number DESC LIMIT 4",
      )
    ).map((row) => row.plate_number);
    expect(plates).toHaveLength(4);
    const verdict = async (index: number, plate: string) =>
      (await call(index, 'GET', `/api/verification/${plate}`)).body.verdict;
    const push = async (index: number, cookie: string, intent: string, payload: unknown) =>
      (
        await call(index, 'POST', '/api/sync/push', {
          cookie,
          body: { clientId: `cache-${cookie.slice(-6)}`, mutations: [{ id: randomUUID(), intent, payload }] },
        })
      ).body.results as Array<{ outcome: string }>;
    for (const [round, plate] of plates.entries()) {
      const [writer, reader] = round % 2 === 0 ? [0, 1] : [1, 0];
      const decision = round < 2 ? 'stolen' : 'revoke';
      // Both instances have answered Valid (and kept it) a few times.
      for (let i = 0; i < 3; i += 1)
        for (const index of PORTS.keys()) expect(await verdict(index, plate)).toBe('Valid');
      const flagId = randomUUID();
      expect(
        (
          await push(writer, police, 'flagPlate', {
            id: flagId,
            plateNumber: plate,
            suspicion: 'Suspected fake',
            note: 'Wrong car',
          })
        )[0]?.outcome,
      ).toBe('applied');
      expect((await push(writer, admin, 'decidePlateFlag', { flagId, decision }))[0]?.outcome).toBe('applied');
      expect(await verdict(reader, plate)).toBe(decision === 'stolen' ? 'Stolen' : 'Revoked');
      expect(await verdict(writer, plate)).toBe(decision === 'stolen' ? 'Stolen' : 'Revoked');
    }
  });

  it('sends each queued message once although both instances run a dispatcher', async () => {
    // Messages queued by requests are sent at once by the instance that answered; the rest
    // (the sweep's above) by either instance's timer, every 20 s.
    const deadline = Date.now() + 40_000;
    let queued = Number.POSITIVE_INFINITY;
    while (queued > 0 && Date.now() < deadline) {
      [{ n: queued } = { n: 0 }] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM message_outbox WHERE status = 'queued'",
      );
      if (queued > 0) await sleep(500);
    }
    expect(queued).toBe(0);
    const [messages] = await db.query<{ sent: number; tried_more: number; in_mailbox: number }>(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
              count(*) FILTER (WHERE attempts <> 1)::int AS tried_more,
              (SELECT count(*)::int FROM sandbox_messages) AS in_mailbox
       FROM message_outbox`,
    );
    expect(messages?.sent).toBeGreaterThan(0);
    // A message claimed by both dispatchers would have been tried twice.
    expect(messages).toEqual({ sent: messages?.sent, tried_more: 0, in_mailbox: messages?.sent });
  }, 45_000);
});
