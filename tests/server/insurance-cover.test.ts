/**
 * A plate's insurance cover beyond the agent's own records: issuing, renewing and cancelling
 * a policy gives the plate's registry bucket a new version in the same transaction, so
 * officers' copies fetch it with the cover (the public never gets the copy, nor cover in
 * its verdict), and sends the owner's view of the plate again with its cover.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '#domain/accounts/permissions';
import { addDays } from '#domain/insurance/policy';
import { coverOnDay, type OwnerCoverTerm } from '#domain/registry/cover';
import { findInBucket, registryBucketOf } from '#domain/registry/registry-copy';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

const today = () => new Date().toISOString().slice(0, 10);

describe('insurance cover in the registry copy and the owner’s view', () => {
  let app: FastifyInstance;
  let db: Database;
  let agent = '';
  let police = '';
  let admin = '';
  let buyer = '';
  let otherBuyer = '';
  /** The demo buyer's registered plate that no policy covers. */
  let plate = '';
  let customerId = '';

  async function sessionFor(userId: string): Promise<string> {
    const token = `cover-${randomUUID()}`;
    await sessionRepository(db).create(token, userId, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }

  async function newUser(roles: Role[], email: string, businessName?: string): Promise<string> {
    const user = await userRepository(db).create({
      email,
      name: email.split('@')[0] ?? email,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
      ...(businessName ? { businessName } : {}),
    });
    return sessionFor(user?.id ?? '');
  }

  const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function bucketVersion(cookie: string): Promise<number> {
    const manifest = (await get(cookie, '/api/registry/manifest')).json() as {
      buckets: Array<[number, number, number]>;
    };
    return manifest.buckets.find(([bucket]) => bucket === registryBucketOf(plate))?.[1] ?? 0;
  }

  async function copyRow(cookie: string) {
    const response = await get(cookie, `/api/registry/buckets?ids=${registryBucketOf(plate)}`);
    expect(response.statusCode).toBe(200);
    return findInBucket((response.json() as { buckets: Array<{ rows: string }> }).buckets[0]?.rows ?? '', plate);
  }

  /** The owner's view of the plate as the last change their devices pulled says it. */
  async function ownedPlate(cookie: string): Promise<{ cover?: OwnerCoverTerm[] } | null | undefined> {
    let cursor: string | undefined;
    let latest: { cover?: OwnerCoverTerm[] } | null | undefined;
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await get(cookie, `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json() as {
        changes: Array<{ entity: string; id: string; data: { cover?: OwnerCoverTerm[] } | null }>;
        cursor: string;
        hasMore: boolean;
      };
      for (const change of body.changes)
        if (change.entity === 'ownedPlate' && change.id === plate) latest = change.data;
      cursor = body.cursor;
      if (!body.hasMore) return latest;
    }
    throw new Error('pull never finished');
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    const users = userRepository(db);
    const find = async (email: string) => (await users.findCredentials(email))?.user.id ?? '';
    buyer = await sessionFor(await find('buyer@nambala.zm'));
    police = await sessionFor(await find('police@nambala.zm'));
    admin = await sessionFor(await find('admin@nambala.zm'));
    agent = await newUser(['insurance_agent'], 'agent@cover.zm', 'Madison General Insurance');
    otherBuyer = await newUser(['buyer'], 'someone@cover.zm');
    const [row] = await db.query<{ plate_number: string; owner_nrc: string }>(
      `SELECT r.plate_number, r.owner_nrc FROM registered_plates r JOIN users u ON u.id = r.owner_id
       WHERE u.email = 'buyer@nambala.zm' AND r.standing = 'Valid' AND r.expiry_date >= $1::date
         AND r.plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY r.plate_number LIMIT 1`,
      [today()],
    );
    plate = row?.plate_number ?? '';
    expect(plate).not.toBe('');
    customerId = randomUUID();
    const saved = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: agent },
      payload: {
        clientId: 'office',
        mutations: [
          {
            id: randomUUID(),
            intent: 'saveCustomer',
            payload: {
              id: customerId,
              name: 'Mwila Banda',
              nrc: row?.owner_nrc ?? '',
              phone: '0971 000 002',
              email: 'mwila@cover.zm',
            },
          },
        ],
      },
    });
    expect(saved.json().results[0].outcome).toBe('applied');
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('gives an uninsured registered plate’s row a cover of none, and the owner’s view none', async () => {
    expect((await copyRow(police))?.cover).toEqual([]);
    expect(coverOnDay((await ownedPlate(buyer))?.cover ?? [], today())).toBe('none');
  });

  it('sends the cover to officers’ copies and the owner when a policy is issued, and takes it off when it is cancelled', async () => {
    const before = await bucketVersion(police);
    const endDate = addDays(today(), 200);
    const issued = await post(agent, '/api/insurance/policies', {
      customerId,
      plateNumber: plate,
      type: 'Third Party',
      startDate: today(),
      endDate,
      premium: '1500',
    });
    expect(issued.statusCode).toBe(201);
    const policy = issued.json().policy as { id: string; policyNumber: string };

    // Officers: a new bucket version, and the row carries the term.
    const afterIssue = await bucketVersion(police);
    expect(afterIssue).toBeGreaterThan(before);
    const row = await copyRow(police);
    expect(row?.cover).toEqual([{ insurer: 'Madison General Insurance', startDate: today(), endDate }]);
    expect(coverOnDay(row?.cover ?? [], today())).toEqual({ insurer: 'Madison General Insurance', until: endDate });
    // The same cover the registry gives an officer online.
    const online = (await get(police, `/api/verification/${plate}`)).json();
    expect(online.insurance).toEqual({
      insurer: 'Madison General Insurance',
      policyNumber: policy.policyNumber,
      until: endDate,
    });

    // The owner: their view of the plate, on every device, says it is insured.
    const view = await ownedPlate(buyer);
    expect(view?.cover).toEqual([
      {
        policyNumber: policy.policyNumber,
        type: 'Third Party',
        insurer: 'Madison General Insurance',
        startDate: today(),
        endDate,
        holder: 'Mwila Banda',
        disputedAt: null,
        // The claims on the policy travel with it (none yet).
        claims: [],
      },
    ]);
    expect(coverOnDay(view?.cover ?? [], today())).toEqual({
      insurer: 'Madison General Insurance',
      until: endDate,
      type: 'Third Party',
    });
    const mine = (await get(buyer, '/api/me/plates')).json().plates as Array<{
      plateNumber: string;
      cover?: OwnerCoverTerm[];
    }>;
    expect(mine.find((entry) => entry.plateNumber === plate)?.cover).toHaveLength(1);
    // Nobody else's devices receive the owner's plate.
    expect(await ownedPlate(otherBuyer)).toBeUndefined();

    const cancelled = await post(agent, `/api/insurance/policies/${policy.id}/cancel`, {
      reason: 'Customer sold the car',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await bucketVersion(police)).toBeGreaterThan(afterIssue);
    expect((await copyRow(police))?.cover).toEqual([]);
    expect(coverOnDay((await ownedPlate(buyer))?.cover ?? [], today())).toBe('none');
    expect((await get(police, `/api/verification/${plate}`)).json().insurance).toBe('none');
  });

  it('carries a renewal that starts after the current term, so a device turns to it on its first day', async () => {
    const issued = await post(agent, '/api/insurance/policies', {
      customerId,
      plateNumber: plate,
      type: 'Comprehensive',
      startDate: addDays(today(), -300),
      endDate: addDays(today(), 20),
      premium: '4000',
    });
    expect(issued.statusCode).toBe(201);
    const before = await bucketVersion(police);
    const renewed = await post(agent, `/api/insurance/policies/${issued.json().policy.id as string}/renew`, {
      premium: '4200',
    });
    expect(renewed.statusCode).toBe(201);
    const renewal = renewed.json().policy as { startDate: string; endDate: string };
    expect(renewal.startDate).toBe(addDays(today(), 21));
    expect(await bucketVersion(police)).toBeGreaterThan(before);

    const cover = (await copyRow(police))?.cover ?? [];
    expect(coverOnDay(cover, today())).toEqual({ insurer: 'Madison General Insurance', until: addDays(today(), 20) });
    // Read against a later day on the device, with no new copy: the renewal's term.
    expect(coverOnDay(cover, addDays(today(), 21))).toEqual({
      insurer: 'Madison General Insurance',
      until: renewal.endDate,
    });
    expect(coverOnDay((await ownedPlate(buyer))?.cover ?? [], addDays(today(), 21))).toEqual({
      insurer: 'Madison General Insurance',
      until: renewal.endDate,
      type: 'Comprehensive',
    });
  });

  it('keeps cover out of everything the public reads: no copy, and no insurance in the verdict', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/api/registry/buckets?ids=${registryBucketOf(plate)}` })).statusCode,
    ).toBe(401);
    expect((await get(buyer, `/api/registry/buckets?ids=${registryBucketOf(plate)}`)).statusCode).toBe(403);
    expect((await get(agent, '/api/registry/manifest')).statusCode).toBe(403);
    const publicVerdict = (await app.inject({ method: 'GET', url: `/api/verification/${plate}` })).json();
    expect(publicVerdict).toMatchObject({ tier: 'public', verdict: 'Valid' });
    expect(publicVerdict).not.toHaveProperty('insurance');
    expect(publicVerdict).not.toHaveProperty('owner');
    // An administrator copies the registry (decision 009), cover included (they see every record).
    expect((await copyRow(admin))?.cover).toBeDefined();
  });

  it('leaves held numbers without a cover field, and the demo’s ZM-123-ABC covered in the copy', async () => {
    const response = await get(police, `/api/registry/buckets?ids=${registryBucketOf('ZM-123-ABC')}`);
    const row = findInBucket(
      (response.json() as { buckets: Array<{ rows: string }> }).buckets[0]?.rows ?? '',
      'ZM-123-ABC',
    );
    const cover = coverOnDay(row?.cover ?? [], today());
    expect(cover).not.toBe('none');
    expect(cover).toEqual({
      insurer: expect.any(String),
      until: (await get(police, '/api/verification/ZM-123-ABC')).json().insurance.until,
    });
    const [held] = await db.query<{ plate_number: string }>(
      "SELECT plate_number FROM plates WHERE stage <> 'Registered' LIMIT 1",
    );
    const heldNumber = held?.plate_number ?? '';
    expect(heldNumber).not.toBe('');
    const heldRow = findInBucket(
      (await get(police, `/api/registry/buckets?ids=${registryBucketOf(heldNumber)}`)).json().buckets[0].rows,
      heldNumber,
    );
    expect(heldRow?.standing === 'Allocated' || heldRow?.standing === 'Made').toBe(true);
    expect(heldRow?.cover).toBeUndefined();
  });
});
