/**
 * Many buyers at once for one plate on a real PostgreSQL server, through two server
 * instances sharing it (as behind a load balancer): exactly one gets the plate, every
 * other gets 409 and has no payment recorded. Also the same payment key sent many times
 * at once (one payment) and the same application submitted many times at once (one
 * request). Runs when TEST_DATABASE_URL is set, in a throwaway database.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kwacha } from '#domain/money/money';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openPostgres } from '../../src/server/db/database';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { payOnCardPage } from './test-app';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const baseUrl = process.env.TEST_DATABASE_URL;
const BUYERS = 40;
const APPROVE_CARD = { number: '4242424242424242' };
/** Buy Now names whose the plate is to be. */
const OWNER = { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' };
const SOLD = 'This plate has already been sold.';

describe.skipIf(!baseUrl)('purchase race on a real PostgreSQL server', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let instances: FastifyInstance[] = [];
  let db: Database;
  let buyers: Array<{ id: string; cookie: string }> = [];
  let plates = 0;

  async function listPlate(): Promise<string> {
    plates += 1;
    const id = `race-${plates}`;
    await listingRepository(db).insertMany([
      {
        id,
        number: `ZM-9${String(plates).padStart(2, '0')}-RCE`,
        price: kwacha(2500),
        type: 'Private',
        status: 'Available',
        featured: false,
        description: 'Raced for',
      },
    ]);
    return id;
  }
  /** Request i goes to instance i mod 2. */
  const send = (index: number, url: string, cookie: string, payload: object) =>
    (instances[index % instances.length] as FastifyInstance).inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload,
    });
  const count = async (sql: string, params: unknown[]) => (await db.query<{ n: number }>(sql, params))[0]?.n;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_race');
    const url = throwaway.url;
    const config = loadConfig(
      { DATABASE_URL: url },
      { appDir: '/nonexistent', logLevel: 'silent', keyDir: 'memory://', demoRegistryPlates: 0 },
    );
    instances = await Promise.all([buildApp({ config, logger: false }), buildApp({ config, logger: false })]);
    db = await openPostgres(url);
    buyers = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const user = await userRepository(db).create({
        email: `racer${i}@test.zm`,
        name: `Racer ${i}`,
        passwordHash: 'x',
        accountType: 'individual',
        userType: 'Customer',
        status: 'Active',
        requestedRole: null,
        roles: ['buyer'],
      });
      const token = `race-${i}-${randomUUID()}`;
      await sessionRepository(db).create(token, user?.id ?? '', new Date(Date.now() + 3600_000));
      buyers.push({ id: user?.id ?? '', cookie: `nambala_session=${token}` });
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await db?.close();
    await throwaway?.drop();
  });

  it('sells to exactly one of many buyers paying by card at once; the others get 409 and no payment', async () => {
    const listing = await listPlate();
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        send(i, `/api/listings/${listing}/${i % 3 === 0 ? 'reserve' : 'buy'}`, buyer.cookie, {
          idempotencyKey: randomUUID(),
          method: 'card',
          ...(i % 3 === 0 ? {} : OWNER),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - 1);
    const winning = statuses.indexOf(201);
    const winner = answers[winning]?.json();
    expect(winner.payment.status).toBe('pending');
    // The winner pays on the card page served by the other instance.
    const paid = await payOnCardPage(
      instances[(winning + 1) % instances.length] as FastifyInstance,
      winner.payment.checkoutUrl,
      APPROVE_CARD.number,
      {
        cookie: buyers[winning]?.cookie ?? '',
      },
    );
    expect(paid.payment?.status).toBe('approved');
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().message).toMatch(
        /^(This plate has already been sold\.|This plate is reserved by another buyer until .+\.|Another buyer is paying for this plate right now\. .+)$/,
      );
    }
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE listing_id = $1', [listing])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM purchase_orders WHERE listing_id = $1', [listing])).toBe(
      winner.payment.purpose === 'purchase' ? 1 : 0,
    );
  });

  it('holds the plate for the one buyer whose mobile-money prompt is pending, and lets exactly one of the next crowd have it after a decline', async () => {
    const listing = await listPlate();
    const first = await Promise.all(
      buyers.map((buyer, i) =>
        send(i, `/api/listings/${listing}/reserve`, buyer.cookie, {
          idempotencyKey: randomUUID(),
          method: 'mtn',
          phone: `096${String(1_000_000 + i)}`,
        }),
      ),
    );
    const holder = first.findIndex((answer) => answer.statusCode === 201);
    expect(first.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(first.filter((answer) => answer.statusCode === 409)).toHaveLength(BUYERS - 1);
    const pending = first[holder]?.json().payment;
    expect(pending.status).toBe('pending');

    const declined = await send(holder, `/api/payments/${pending.id}/sandbox-prompt`, buyers[holder]?.cookie ?? '', {
      answer: 'decline',
    });
    expect(declined.json().payment.status).toBe('declined');
    const second = await Promise.all(
      buyers.map((buyer, i) =>
        send(i + 1, `/api/listings/${listing}/buy`, buyer.cookie, {
          idempotencyKey: randomUUID(),
          method: 'card',
          ...OWNER,
        }),
      ),
    );
    expect(second.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const buying = second.findIndex((answer) => answer.statusCode === 201);
    const paid = await payOnCardPage(
      instances[0] as FastifyInstance,
      second[buying]?.json().payment.checkoutUrl,
      APPROVE_CARD.number,
      {
        cookie: buyers[buying]?.cookie ?? '',
      },
    );
    expect(paid.payment?.status).toBe('approved');
    expect(
      second
        .filter((answer) => answer.statusCode === 409)
        .every(
          (answer) => [SOLD].includes(answer.json().message) || /^Another buyer is paying/.test(answer.json().message),
        ),
    ).toBe(true);
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE listing_id = $1', [listing])).toBe(2);
    expect(
      await count("SELECT count(*)::int AS n FROM plate_listings WHERE id = $1 AND status = 'Sold'", [listing]),
    ).toBe(1);
  });

  it('records one payment for one key sent many times at once', async () => {
    const listing = await listPlate();
    const buyer = buyers[0] ?? { id: '', cookie: '' };
    const body = { idempotencyKey: randomUUID(), method: 'card', ...OWNER };
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => send(i, `/api/listings/${listing}/buy`, buyer.cookie, body)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(15);
    expect(new Set(answers.map((answer) => answer.json().payment.id)).size).toBe(1);
    expect(
      await count('SELECT count(*)::int AS n FROM payments WHERE payer_id = $1 AND idempotency_key = $2', [
        buyer.id,
        body.idempotencyKey,
      ]),
    ).toBe(1);
  });

  it('stores one request for one application submitted many times at once, and unique references across applications', async () => {
    const buyer = buyers[1] ?? { id: '', cookie: '' };
    const application = {
      id: randomUUID(),
      fullName: 'Racer One',
      nrcNumber: '111111/11/1',
      phoneNumber: '0961111111',
      email: 'racer@test.zm',
      address: 'Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'bank',
    };
    const repeats = await Promise.all(
      Array.from({ length: 12 }, (_, i) => send(i, '/api/applications', buyer.cookie, application)),
    );
    expect(repeats.every((answer) => answer.statusCode === 200 || answer.statusCode === 201)).toBe(true);
    expect(new Set(repeats.map((answer) => answer.json().reference)).size).toBe(1);
    expect(
      await count('SELECT count(*)::int AS n FROM plate_requests WHERE application_id = $1', [application.id]),
    ).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM payments WHERE idempotency_key = $1', [application.id])).toBe(1);

    const distinct = await Promise.all(
      buyers
        .slice(0, 20)
        .map((someone, i) => send(i, '/api/applications', someone.cookie, { ...application, id: randomUUID() })),
    );
    const references = distinct.map((answer) => answer.json().reference);
    expect(new Set(references).size).toBe(20);
  });
});
