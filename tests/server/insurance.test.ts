/**
 * Insurance through push, pull and the policy routes: an agent's customers and policies
 * reach only that agent's devices, nobody else can see or change them, a policy needs a
 * registered, valid and unexpired plate (and a holder who is its owner: see
 * insurance-owner.test.ts), and an officer's verdict carries the plate's cover.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '#domain/accounts/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { seedDemoInsurance } from '../../src/server/seed/demo-insurance';
import { buildTestAppWithDb } from './test-app';

interface Change {
  entity: string;
  id: string;
  op: 'put' | 'delete';
  data: Record<string, unknown> | null;
}

const DAY_MS = 24 * 3600 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe('insurance', () => {
  let app: FastifyInstance;
  let db: Database;
  let userCount = 0;
  let agent: { id: string; cookie: string };
  let otherAgent: { id: string; cookie: string };
  let buyer: { id: string; cookie: string };
  let officer: { id: string; cookie: string };
  /** A registered, valid plate no demo policy covers, and its registered owner's NRC. */
  let uninsuredPlate = '';
  let uninsuredOwnerNrc = '';

  async function newUser(roles: Role[], businessName?: string): Promise<{ id: string; cookie: string }> {
    userCount += 1;
    const user = await userRepository(db).create({
      email: `person${userCount}@insurance.zm`,
      name: `Person ${userCount}`,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
      ...(businessName ? { businessName } : {}),
    });
    const id = user?.id ?? '';
    const token = `insurance-${userCount}-${randomUUID()}`;
    await sessionRepository(db).create(token, id, new Date(Date.now() + 3600_000));
    return { id, cookie: `nambala_session=${token}` };
  }

  async function push(cookie: string, intent: string, payload: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'office', mutations: [{ id: randomUUID(), intent, payload }] },
    });
    expect(response.statusCode).toBe(200);
    return response.json().results[0] as {
      outcome: 'applied' | 'rejected';
      status?: number;
      message?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
    };
  }

  async function pull(cookie: string): Promise<Change[]> {
    const changes: Change[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore)
        return changes.filter((change) => change.entity === 'insuranceCustomer' || change.entity === 'insurancePolicy');
    }
    throw new Error('pull never finished');
  }

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });

  const customer = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Mwila Banda',
    nrc: '204518/10/1',
    phone: '0971 000 001',
    email: 'mwila.banda@example.zm',
    ...overrides,
  });
  const policy = (customerId: string, overrides: Record<string, unknown> = {}) => ({
    customerId,
    plateNumber: uninsuredPlate,
    type: 'Comprehensive',
    startDate: today(),
    endDate: inDays(200),
    premium: '2,450.50',
    ...overrides,
  });

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    agent = await newUser(['insurance_agent'], 'Madison General Insurance');
    otherAgent = await newUser(['insurance_agent']);
    buyer = await newUser(['buyer']);
    officer = await newUser(['police']);
    const [plate] = await db.query<{ plate_number: string; owner_nrc: string }>(
      `SELECT plate_number, owner_nrc FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '1 year'
       AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 1`,
    );
    uninsuredPlate = plate?.plate_number ?? '';
    uninsuredOwnerNrc = plate?.owner_nrc ?? '';
    expect(uninsuredPlate).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it("keeps a customer with the registry's vehicles on the agent's devices only", async () => {
    const saved = customer();
    expect(await push(agent.cookie, 'saveCustomer', saved)).toMatchObject({ outcome: 'applied' });
    const row = (await pull(agent.cookie)).find((change) => change.id === saved.id);
    expect(row?.data).toMatchObject({
      name: 'Mwila Banda',
      phone: '+260971000001',
      agentId: agent.id,
      accountId: null,
    });
    expect(row?.data?.vehicles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ plateNumber: 'ZM-123-ABC', make: 'Toyota', standing: 'Valid' }),
      ]),
    );
    expect((await pull(otherAgent.cookie)).some((change) => change.id === saved.id)).toBe(false);
  });

  it('links nothing to the account with the customer’s email, and shows none of its plates, until its holder accepts', async () => {
    const saved = customer({ nrc: '123456/78/9', email: 'Buyer@Nambala.zm' });
    const result = await push(agent.cookie, 'saveCustomer', saved);
    expect(result).toMatchObject({ outcome: 'applied', data: { vehicles: 0 } });
    const row = (await pull(agent.cookie)).filter((change) => change.id === saved.id).at(-1);
    expect(row?.data?.accountId).toBeNull();
    expect(row?.data?.vehicles).toEqual([]);
  });

  it("refuses a second customer with the same NRC, and another agent's customer as unknown", async () => {
    const first = customer({ nrc: '345678/11/1' });
    await push(agent.cookie, 'saveCustomer', first);
    expect(await push(agent.cookie, 'saveCustomer', customer({ nrc: '345678/11/1' }))).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { nrc: 'A customer with NRC 345678/11/1 is already in your list.' },
    });
    expect(await push(otherAgent.cookie, 'saveCustomer', { ...first, name: 'Someone Else' })).toMatchObject({
      outcome: 'rejected',
      status: 404,
      message: 'This customer is not in your list.',
    });
    // The other agent may keep the same person in their own list.
    expect(await push(otherAgent.cookie, 'saveCustomer', customer({ nrc: '345678/11/1' }))).toMatchObject({
      outcome: 'applied',
    });
  });

  it('refuses customers and policies to anyone but an insurance agent', async () => {
    expect(await push(buyer.cookie, 'saveCustomer', customer({ nrc: '456789/12/1' }))).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect((await post(buyer.cookie, '/api/insurance/policies', policy(randomUUID()))).statusCode).toBe(403);
    expect(
      (await post(officer.cookie, `/api/insurance/policies/${randomUUID()}/cancel`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/api/insurance/policies', payload: policy(randomUUID()) })).statusCode,
    ).toBe(401);
  });

  it('says what is wrong with a customer', async () => {
    expect(await push(agent.cookie, 'saveCustomer', customer({ nrc: '12345678', phone: '123' }))).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: {
        nrc: 'NRC number must look like 123456/78/9',
        phone: 'Enter a Zambian phone number like +260 97 123 4567',
      },
    });
  });

  describe('policies', () => {
    /** The registered owner of the uninsured plate, as the agent's customer. */
    let holder = '';
    beforeAll(async () => {
      const saved = customer({ nrc: uninsuredOwnerNrc, email: 'plate.owner@example.zm', phone: '0971 000 009' });
      expect(await push(agent.cookie, 'saveCustomer', saved)).toMatchObject({ outcome: 'applied' });
      holder = saved.id;
    });

    it('issues a numbered policy in ngwee, on the agent’s devices only, and shows the cover to an officer', async () => {
      const response = await post(agent.cookie, '/api/insurance/policies', policy(holder));
      expect(response.statusCode).toBe(201);
      const issued = response.json().policy;
      expect(issued).toMatchObject({
        plateNumber: uninsuredPlate,
        premium: 245_050,
        insurer: 'Madison General Insurance',
        cancelledAt: null,
      });
      expect(issued.policyNumber).toMatch(/^POL-\d{6}$/);
      expect(
        (await pull(agent.cookie)).some((change) => change.entity === 'insurancePolicy' && change.id === issued.id),
      ).toBe(true);
      expect((await pull(otherAgent.cookie)).some((change) => change.id === issued.id)).toBe(false);

      const police = (
        await app.inject({
          method: 'GET',
          url: `/api/verification/${uninsuredPlate}`,
          headers: { cookie: officer.cookie },
        })
      ).json();
      expect(police.insurance).toEqual({
        insurer: 'Madison General Insurance',
        policyNumber: issued.policyNumber,
        until: inDays(200),
      });
      const visitor = (await app.inject({ method: 'GET', url: `/api/verification/${uninsuredPlate}` })).json();
      expect(visitor.insurance).toBeUndefined();
      expect(visitor.owner).toBeUndefined();
    });

    it('numbers each policy once, in order', async () => {
      const [plate] = await db.query<{ plate_number: string; owner_nrc: string }>(
        `SELECT plate_number, owner_nrc FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '1 year' AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 1`,
      );
      const owner = customer({ nrc: plate?.owner_nrc, email: 'second.owner@example.zm', phone: '0971 000 010' });
      expect(await push(agent.cookie, 'saveCustomer', owner)).toMatchObject({ outcome: 'applied' });
      const first = (
        await post(
          agent.cookie,
          '/api/insurance/policies',
          policy(owner.id, { plateNumber: plate?.plate_number, endDate: inDays(30) }),
        )
      ).json().policy;
      const second = (
        await post(
          agent.cookie,
          '/api/insurance/policies',
          policy(owner.id, { plateNumber: plate?.plate_number, startDate: inDays(31), endDate: inDays(60) }),
        )
      ).json().policy;
      expect(Number(second.policyNumber.slice(4))).toBe(Number(first.policyNumber.slice(4)) + 1);
    });

    it('refuses an unregistered, expired, stolen or revoked plate with a clear message', async () => {
      const unknown = await post(
        agent.cookie,
        '/api/insurance/policies',
        policy(holder, { plateNumber: 'ZM-000-QQQ' }),
      );
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().fields.plateNumber).toBe(
        "ZM-000-QQQ is not in the registry: only a registered plate can be insured. Check the number on the vehicle's plate.",
      );
      expect(
        (await post(agent.cookie, '/api/insurance/policies', policy(holder, { plateNumber: 'ZM-456-DEF' }))).json()
          .message,
      ).toMatch(/^ZM-456-DEF's registration expired on \d{1,2} [A-Z][a-z]{2,3} \d{4}: it must be renewed/);
      expect(
        (await post(agent.cookie, '/api/insurance/policies', policy(holder, { plateNumber: 'ZM-789-GHI' }))).json()
          .message,
      ).toBe('ZM-789-GHI is reported stolen: it cannot be insured.');
      expect(
        (await post(agent.cookie, '/api/insurance/policies', policy(holder, { plateNumber: 'ZM-321-XYZ' }))).json()
          .message,
      ).toBe('ZM-321-XYZ has been revoked: it cannot be insured.');
    });

    it('refuses a term that overlaps a live policy, a bad term and a bad premium', async () => {
      const overlap = await post(
        agent.cookie,
        '/api/insurance/policies',
        policy(holder, { startDate: inDays(10), endDate: inDays(100) }),
      );
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().message).toMatch(/is already covered by policy POL-\d{6}/);
      const bad = await post(
        agent.cookie,
        '/api/insurance/policies',
        policy(holder, { endDate: today(), premium: '0', type: 'Fire' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        type: 'Choose Third Party or Comprehensive',
        premium: 'Premium must be more than K0.00',
      });
    });

    it("refuses a policy for another agent's customer", async () => {
      const response = await post(
        otherAgent.cookie,
        '/api/insurance/policies',
        policy(holder, { plateNumber: 'ZM-123-ABC' }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('This customer is not in your list.');
    });

    it('renews for a new term from the day after the old end, then cancels, and nobody else may', async () => {
      const [original] = await db.query<{ id: string; policy_number: string }>(
        'SELECT id, policy_number FROM insurance_policies WHERE agent_id = $1 AND plate_number = $2',
        [agent.id, uninsuredPlate],
      );
      const id = original?.id ?? '';
      expect(
        (await post(otherAgent.cookie, `/api/insurance/policies/${id}/renew`, { premium: '100' })).statusCode,
      ).toBe(404);
      expect(
        (await post(otherAgent.cookie, `/api/insurance/policies/${id}/cancel`, { reason: 'Mine now' })).statusCode,
      ).toBe(404);

      const renewed = await post(agent.cookie, `/api/insurance/policies/${id}/renew`, { premium: '2600' });
      expect(renewed.statusCode).toBe(201);
      expect(renewed.json().policy).toMatchObject({ startDate: inDays(201), renewedFrom: id, premium: 260_000 });
      expect(renewed.json().policy.policyNumber).not.toBe(original?.policy_number);
      // Renewing the same policy twice would cover the plate twice.
      expect((await post(agent.cookie, `/api/insurance/policies/${id}/renew`, { premium: '2600' })).statusCode).toBe(
        409,
      );

      const cancelled = await post(agent.cookie, `/api/insurance/policies/${id}/cancel`, { reason: 'Vehicle sold' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().policy).toMatchObject({ cancelReason: 'Vehicle sold' });
      expect(
        (await post(agent.cookie, `/api/insurance/policies/${id}/cancel`, { reason: 'Again' })).json().message,
      ).toMatch(/is already cancelled/);
      expect(
        (await post(agent.cookie, `/api/insurance/policies/${id}/renew`, { premium: '100' })).json().message,
      ).toMatch(/was cancelled: issue a new policy instead/);

      // The renewal starts later: today the plate has no valid cover.
      const police = (
        await app.inject({
          method: 'GET',
          url: `/api/verification/${uninsuredPlate}`,
          headers: { cookie: officer.cookie },
        })
      ).json();
      expect(police.insurance).toBe('none');
    });
  });

  describe('demo data', () => {
    it("gives the demo insurance agent a book, with cover on the README's valid plate that an officer sees", async () => {
      const [insurer] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'insurer@nambala.zm'");
      const token = `insurer-${randomUUID()}`;
      await sessionRepository(db).create(token, insurer?.id ?? '', new Date(Date.now() + 3600_000));
      const changes = await pull(`nambala_session=${token}`);
      const customers = changes.filter((change) => change.entity === 'insuranceCustomer');
      const policies = changes
        .filter((change) => change.entity === 'insurancePolicy')
        .map((change) => change.data ?? {});
      // Three owners (one of an expired plate), and two drivers of the demo buyer's vehicles.
      expect(new Set(customers.map((change) => change.id)).size).toBe(5);
      expect(policies.map((policy) => policy.plateNumber)).toContain('ZM-123-ABC');
      expect(policies.some((policy) => policy.renewedFrom !== null)).toBe(true);

      const police = (
        await app.inject({ method: 'GET', url: '/api/verification/ZM-123-ABC', headers: { cookie: officer.cookie } })
      ).json();
      expect(police.insurance).toMatchObject({
        insurer: 'Natasha Zulu',
        policyNumber: expect.stringMatching(/^POL-\d{6}$/),
      });
      expect(police.insurance.until > today()).toBe(true);
    });

    it('is seeded once', async () => {
      const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_policies');
      expect(await seedDemoInsurance(db, app.log)).toBe(false);
      expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_policies')).toEqual(before);
    });
  });
});
