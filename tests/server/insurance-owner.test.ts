/**
 * Insurance only with the owner: a policy on a plate goes to its registered owner (their NRC
 * is the registry's) or to someone the owner consented to in their dashboard; a refused
 * attempt raises an integrity alert only when it looks like fraud; a customer is linked to a
 * Nambala account only once its holder accepts, and saving one says nothing of whether an
 * email or phone has an account; the owner sees every policy on their plates and can dispute
 * one, which reaches the administrator and the insurer.
 */
import { randomUUID } from 'node:crypto';
import type { OwnerCoverTerm } from '#domain/registry/cover';
import { CUSTOMER_CONTACT_LIMIT, tooManyCustomerContacts } from '#domain/insurance/customer';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLusakaDay } from '../../src/domain/dates/calendar-day';
import type { Database, Queryable } from '../../src/server/db/database';
import { sendLinkNotices } from '../../src/server/jobs/insurance-link-notices';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { type User, userRepository } from '../../src/server/repositories/user-repository';
import { saveCustomer } from '../../src/server/sync/insurance-intents';
import { buildTestAppWithDb, sessionForNewAccount } from './test-app';

const DAY_MS = 24 * 3600 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

interface Change {
  entity: string;
  id: string;
  data: Record<string, unknown> | null;
}

describe('insurance only with the owner', () => {
  let app: FastifyInstance;
  let db: Database;
  let agent: { id: string; cookie: string };
  let buyer: { id: string; cookie: string };
  let admin: { id: string; cookie: string };
  /** The demo buyer's registered plate that no policy covers, and the NRC it is registered to. */
  let buyersPlate = '';
  let buyersNrc = '';

  async function sessionFor(email: string): Promise<{ id: string; cookie: string }> {
    const id = (await userRepository(db).findCredentials(email))?.user.id ?? '';
    const token = `owner-${randomUUID()}`;
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
      id: string;
      outcome: 'applied' | 'rejected';
      status?: number;
      message?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
    };
  }

  /** The latest version of each row of `entity` the user's devices pull. */
  async function pulled(cookie: string, entity: string): Promise<Map<string, Record<string, unknown> | null>> {
    const rows = new Map<string, Record<string, unknown> | null>();
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await app.inject({
          method: 'GET',
          url: `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers: { cookie },
        })
      ).json() as { changes: Change[]; cursor: string; hasMore: boolean };
      for (const change of body.changes) if (change.entity === entity) rows.set(change.id, change.data);
      cursor = body.cursor;
      if (!body.hasMore) return rows;
    }
    throw new Error('pull never finished');
  }

  const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const customer = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Joseph Phiri',
    nrc: '302299/10/1',
    phone: '0977 300 001',
    email: 'joseph.phiri@owner.zm',
    ...overrides,
  });
  const policy = (customerId: string, plateNumber: string, overrides: Record<string, unknown> = {}) => ({
    customerId,
    plateNumber,
    type: 'Third Party',
    startDate: today(),
    endDate: inDays(20),
    premium: '1500',
    ...overrides,
  });
  const alerts = (kind: string, plateNumber: string) =>
    db.query<{ subject_id: string; summary: string; evidence: Record<string, string> }>(
      'SELECT subject_id, summary, evidence FROM integrity_alerts WHERE kind = $1 AND plate_number = $2',
      [kind, plateNumber],
    );
  const titles = async (userId: string) =>
    (
      await db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at', [
        userId,
      ])
    ).map((row) => row.title);
  const requestsOf = async (cookie: string) =>
    (await get(cookie, '/api/me/insurance-requests')).json().requests as Array<{
      id: string;
      kind: string;
      insurer: string;
      customerName: string;
      plateNumber: string | null;
    }>;

  /** A valid registered plate with no policy and no account, and its registered owner. */
  async function registryPlate(
    skip: readonly string[] = [],
  ): Promise<{ plateNumber: string; ownerName: string; ownerNrc: string }> {
    const [row] = await db.query<{ plate_number: string; owner_name: string; owner_nrc: string }>(
      `SELECT plate_number, owner_name, owner_nrc FROM registered_plates WHERE standing = 'Valid' AND owner_id IS NULL AND expiry_date > now() + interval '1 year'
         AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) AND NOT (plate_number = ANY($1::text[])) ORDER BY plate_number DESC LIMIT 1`,
      [skip],
    );
    if (!row) throw new Error('no registry plate left');
    return { plateNumber: row.plate_number, ownerName: row.owner_name, ownerNrc: row.owner_nrc };
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    agent = await sessionForNewAccount(db, {
      email: 'agent@owner.zm',
      name: 'Owner Test Agent',
      userType: 'INSURANCE_AGENT',
      roles: ['insurance_agent'],
    });
    buyer = await sessionFor('buyer@nambala.zm');
    admin = await sessionFor('admin@nambala.zm');
    const [row] = await db.query<{ plate_number: string; owner_nrc: string }>(
      `SELECT plate_number, owner_nrc FROM registered_plates WHERE owner_id = $1 AND standing = 'Valid' AND expiry_date > now() + interval '30 days'
         AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 1`,
      [buyer.id],
    );
    buyersPlate = row?.plate_number ?? '';
    buyersNrc = row?.owner_nrc ?? '';
    expect(buyersPlate).not.toBe('');
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  describe('who a policy may be issued to', () => {
    it("refuses a policy on another person's plate with a clear message, records the attempt, and raises no alert for a first honest one", async () => {
      const stranger = customer();
      expect(await push(agent.cookie, 'saveCustomer', stranger)).toMatchObject({ outcome: 'applied' });
      const refused = await post(agent.cookie, '/api/insurance/policies', policy(stranger.id, buyersPlate));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        `${buyersPlate} is not registered to Joseph Phiri: a policy on a plate is issued only to its registered owner (their NRC is on the registration), or to someone the owner consents to in their Nambala dashboard. Ask the owner's consent, and issue the policy once they accept.`,
      );
      expect(refused.json().fields).toEqual({ plateNumber: `${buyersPlate} is not registered to Joseph Phiri.` });
      expect(await db.query('SELECT 1 FROM insurance_policies WHERE plate_number = $1', [buyersPlate])).toHaveLength(0);
      // Nothing reached the owner: no cover on their plate, no notification of a policy.
      const view = (await pulled(buyer.cookie, 'ownedPlate')).get(buyersPlate) as
        { cover?: OwnerCoverTerm[] } | undefined;
      expect(view?.cover ?? []).toEqual([]);
      expect((await titles(buyer.id)).some((title) => title.includes(`on ${buyersPlate}`))).toBe(false);
      // The attempt is kept for the administrator (audited); an honest slip is not an alert.
      expect(
        await db.query(
          "SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'insurance.policy.refused' AND target = $2",
          [agent.id, buyersPlate],
        ),
      ).toHaveLength(1);
      expect(await alerts('policy-not-owner', buyersPlate)).toHaveLength(0);
    });

    it('issues a policy to the registered owner, whose NRC is the registry’s, and tells the owner', async () => {
      const owner = customer({
        name: 'Mwila Banda',
        nrc: buyersNrc,
        email: 'mwila.owner@owner.zm',
        phone: '0977 300 002',
      });
      expect(await push(agent.cookie, 'saveCustomer', owner)).toMatchObject({ outcome: 'applied' });
      const issued = await post(agent.cookie, '/api/insurance/policies', policy(owner.id, buyersPlate));
      expect(issued.statusCode).toBe(201);
      const number = issued.json().policy.policyNumber as string;
      expect(await titles(buyer.id)).toContain(`Policy ${number} issued on ${buyersPlate}`);
      expect(
        (
          await post(agent.cookie, `/api/insurance/policies/${issued.json().policy.id as string}/cancel`, {
            reason: 'Test done',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('raises an alert when the refused customer carries the registered owner’s name under another NRC, kept although the policy was refused', async () => {
      const plate = await registryPlate();
      const poser = customer({
        name: plate.ownerName,
        nrc: '999111/10/1',
        email: 'poser@owner.zm',
        phone: '0977 300 003',
      });
      await push(agent.cookie, 'saveCustomer', poser);
      const refused = await post(agent.cookie, '/api/insurance/policies', policy(poser.id, plate.plateNumber));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(
        /its owner has no Nambala account to give consent, so only the registered owner can be insured on it\.$/i,
      );
      const [alert] = await alerts('policy-not-owner', plate.plateNumber);
      expect(alert).toMatchObject({
        subject_id: agent.id,
        evidence: { customerNrc: '999111/10/1', registeredOwnerNrc: plate.ownerNrc, ownerConsent: 'never asked' },
      });
      expect(alert?.summary).toContain('carries the registered owner’s name under another NRC');
      // Every active administrator is told.
      expect(await titles(admin.id)).toContain(
        'Integrity alert: Policy for someone other than the owner (Owner Test Agent)',
      );
    });

    it('raises an alert on the third plate of other people refused within a day, once', async () => {
      const other = await sessionForNewAccount(db, {
        email: 'pattern@owner.zm',
        name: 'Pattern Agent',
        userType: 'INSURANCE_AGENT',
        roles: ['insurance_agent'],
      });
      const someone = customer({ name: 'Somebody Else', nrc: '888222/10/1' });
      await push(other.cookie, 'saveCustomer', someone);
      const plates: string[] = [];
      for (let n = 0; n < 4; n += 1) plates.push((await registryPlate(plates)).plateNumber);
      for (const plate of plates)
        expect((await post(other.cookie, '/api/insurance/policies', policy(someone.id, plate))).statusCode).toBe(403);
      const raised = await db.query<{ plate_number: string }>(
        "SELECT plate_number FROM integrity_alerts WHERE kind = 'policy-not-owner' AND subject_id = $1",
        [other.id],
      );
      expect(raised.map((row) => row.plate_number)).toEqual([plates[2]]);
    });
  });

  describe("the owner's consent", () => {
    let driver: ReturnType<typeof customer>;

    beforeAll(async () => {
      driver = customer({
        name: 'Grace Mwansa',
        nrc: '411999/10/1',
        email: 'grace.mwansa@owner.zm',
        phone: '0977 300 004',
      });
      expect(await push(agent.cookie, 'saveCustomer', driver)).toMatchObject({ outcome: 'applied' });
    });

    it('asks the owner in their dashboard, refuses the policy until they answer, and refuses it after they decline', async () => {
      const asked = await post(agent.cookie, '/api/insurance/consents', {
        customerId: driver.id,
        plateNumber: buyersPlate,
      });
      expect(asked.statusCode).toBe(201);
      expect(asked.json().request).toMatchObject({ kind: 'consent', status: 'Pending', plateNumber: buyersPlate });
      // Asking again gives the same question, not a second one.
      expect(
        (
          await post(agent.cookie, '/api/insurance/consents', { customerId: driver.id, plateNumber: buyersPlate })
        ).json().request.id,
      ).toBe(asked.json().request.id);
      expect(await titles(buyer.id)).toContain(`Consent asked to insure ${buyersPlate}`);
      const waiting = (await requestsOf(buyer.cookie)).filter(
        (request) => request.plateNumber === buyersPlate && request.insurer === 'Owner Test Agent',
      );
      expect(waiting).toEqual([
        expect.objectContaining({ kind: 'consent', insurer: 'Owner Test Agent', customerName: 'Grace Mwansa' }),
      ]);

      const pending = await post(agent.cookie, '/api/insurance/policies', policy(driver.id, buyersPlate));
      expect(pending.statusCode).toBe(403);
      expect(pending.json().message).toContain(
        `You asked the owner's consent to insure it for Grace Mwansa on ${formatLusakaDay(new Date())} and they have not answered yet`,
      );

      // Only the owner answers; anyone else is told it is not theirs.
      expect(
        (await post(agent.cookie, `/api/me/insurance-requests/${asked.json().request.id as string}/accept`)).statusCode,
      ).toBe(404);
      const declined = await post(
        buyer.cookie,
        `/api/me/insurance-requests/${asked.json().request.id as string}/decline`,
      );
      expect(declined.statusCode).toBe(200);
      expect(await titles(agent.id)).toContain(`Consent declined for ${buyersPlate}`);
      expect(
        (await post(buyer.cookie, `/api/me/insurance-requests/${asked.json().request.id as string}/accept`)).statusCode,
      ).toBe(409);

      const afterDecline = await post(agent.cookie, '/api/insurance/policies', policy(driver.id, buyersPlate));
      expect(afterDecline.statusCode).toBe(403);
      expect(afterDecline.json().message).toContain('The owner declined to have it insured for Grace Mwansa');
      // Trying again after the owner said no looks like fraud.
      expect(
        (await alerts('policy-not-owner', buyersPlate)).some((alert) =>
          alert.summary.includes('the owner had declined'),
        ),
      ).toBe(true);
    });

    it('issues the policy once the owner accepts, shows it to the owner with its holder, and tells the agent', async () => {
      const asked = await post(agent.cookie, '/api/insurance/consents', {
        customerId: driver.id,
        plateNumber: buyersPlate,
      });
      expect(asked.statusCode).toBe(201);
      expect(
        (await post(buyer.cookie, `/api/me/insurance-requests/${asked.json().request.id as string}/accept`)).statusCode,
      ).toBe(200);
      expect(await titles(agent.id)).toContain(`Consent given for ${buyersPlate}`);
      // The consented plate is among the customer's vehicles on the agent's devices.
      const row = (await pulled(agent.cookie, 'insuranceCustomer')).get(driver.id) as {
        vehicles: Array<{ plateNumber: string }>;
      };
      expect(row.vehicles.map((vehicle) => vehicle.plateNumber)).toContain(buyersPlate);

      const issued = await post(agent.cookie, '/api/insurance/policies', policy(driver.id, buyersPlate));
      expect(issued.statusCode).toBe(201);
      const view = (await pulled(buyer.cookie, 'ownedPlate')).get(buyersPlate) as { cover: OwnerCoverTerm[] };
      expect(view.cover).toEqual([
        expect.objectContaining({
          policyNumber: issued.json().policy.policyNumber,
          holder: 'Grace Mwansa',
          insurer: 'Owner Test Agent',
          disputedAt: null,
        }),
      ]);
    });

    it('withdraws a consent when the customer’s NRC changes: another NRC is another person', async () => {
      expect(await push(agent.cookie, 'saveCustomer', { ...driver, nrc: '411998/10/1' })).toMatchObject({
        outcome: 'applied',
      });
      const refused = await post(
        agent.cookie,
        '/api/insurance/policies',
        policy(driver.id, buyersPlate, { startDate: inDays(21), endDate: inDays(25) }),
      );
      expect(refused.statusCode).toBe(403);
    });

    it('says when no consent is needed, and when the owner has no account to give it', async () => {
      const plate = await registryPlate();
      const owner = customer({
        name: plate.ownerName,
        nrc: plate.ownerNrc,
        email: 'registry.owner@owner.zm',
        phone: '0977 300 005',
      });
      await push(agent.cookie, 'saveCustomer', owner);
      const notNeeded = await post(agent.cookie, '/api/insurance/consents', {
        customerId: owner.id,
        plateNumber: plate.plateNumber,
      });
      expect(notNeeded.statusCode).toBe(409);
      expect(notNeeded.json().message).toBe(
        `${plate.ownerName} is the registered owner of ${plate.plateNumber}: no consent is needed. Issue the policy.`,
      );
      const unreachable = await post(agent.cookie, '/api/insurance/consents', {
        customerId: driver.id,
        plateNumber: plate.plateNumber,
      });
      expect(unreachable.statusCode).toBe(422);
      expect(unreachable.json().message).toContain('Its owner has no Nambala account to give consent');
      expect(
        (await post(agent.cookie, '/api/insurance/consents', { customerId: driver.id, plateNumber: 'ZM-000-QQQ' }))
          .statusCode,
      ).toBe(422);
    });
  });

  describe('linking a customer to an account', () => {
    it('shows the agent nothing of the account until its holder accepts, then its plates', async () => {
      const linked = customer({
        name: 'Mwila Banda',
        nrc: '555444/10/1',
        email: 'Buyer@Nambala.zm',
        phone: '0977 300 006',
      });
      expect(await push(agent.cookie, 'saveCustomer', linked)).toMatchObject({
        outcome: 'applied',
        data: { vehicles: 0 },
      });
      const before = (await pulled(agent.cookie, 'insuranceCustomer')).get(linked.id);
      expect(before).toMatchObject({ accountId: null, vehicles: [] });

      await sendLinkNotices(db, new Date());
      await expect.poll(() => titles(buyer.id)).toContain('Owner Test Agent recorded you as a customer');
      const [question] = (await requestsOf(buyer.cookie)).filter(
        (request) => request.kind === 'link' && request.insurer === 'Owner Test Agent',
      );
      expect(question).toMatchObject({ customerName: 'Mwila Banda' });
      // Still nothing for the agent, and a policy on the buyer's plate is still refused (their NRC is not the customer's).
      expect((await pulled(agent.cookie, 'insuranceCustomer')).get(linked.id)).toMatchObject({
        accountId: null,
        vehicles: [],
      });

      expect((await post(buyer.cookie, `/api/me/insurance-requests/${question?.id ?? ''}/accept`)).statusCode).toBe(
        200,
      );
      const after = (await pulled(agent.cookie, 'insuranceCustomer')).get(linked.id) as {
        accountId: string;
        vehicles: Array<{ plateNumber: string }>;
      };
      expect(after.accountId).toBe(buyer.id);
      expect(after.vehicles.map((vehicle) => vehicle.plateNumber)).toContain(buyersPlate);
      expect(await titles(agent.id)).toContain('Mwila Banda accepted your customer link');
    });

    it('tells the agent nothing when the holder declines', async () => {
      const other = await sessionForNewAccount(db, {
        email: 'decliner@owner.zm',
        name: 'Chanda Decliner',
        userType: 'Customer',
        roles: ['buyer'],
      });
      const saved = customer({
        name: 'Chanda Decliner',
        nrc: '555333/10/1',
        email: 'decliner@owner.zm',
        phone: '0977 300 007',
      });
      await push(agent.cookie, 'saveCustomer', saved);
      await sendLinkNotices(db, new Date());
      const [question] = await requestsOf(other.cookie);
      const agentTold = (await titles(agent.id)).length;
      expect((await post(other.cookie, `/api/me/insurance-requests/${question?.id ?? ''}/decline`)).statusCode).toBe(
        200,
      );
      expect((await titles(agent.id)).length).toBe(agentTold);
      expect((await pulled(agent.cookie, 'insuranceCustomer')).get(saved.id)).toMatchObject({
        accountId: null,
        vehicles: [],
      });
      // Saving the customer again does not ask again.
      await push(agent.cookie, 'saveCustomer', { ...saved, name: 'Chanda M. Decliner' });
      expect(await requestsOf(other.cookie)).toEqual([]);
    });

    it("answers a customer with another account's email exactly as one with an unknown email, with the same statements", async () => {
      const withAccount = customer({
        name: 'Same Answer',
        nrc: '555222/10/1',
        email: 'police@nambala.zm',
        phone: '0977 300 008',
      });
      const withoutAccount = customer({
        name: 'Same Answer',
        nrc: '555111/10/1',
        email: 'nobody.here@owner.zm',
        phone: '0977 300 009',
      });
      const { id: firstId, ...first } = await push(agent.cookie, 'saveCustomer', withAccount);
      const { id: secondId, ...second } = await push(agent.cookie, 'saveCustomer', withoutAccount);
      expect(firstId).not.toBe(secondId);
      expect(first).toEqual(second);
      const rows = await pulled(agent.cookie, 'insuranceCustomer');
      const shape = (row: Record<string, unknown> | null | undefined) => ({
        ...row,
        id: '',
        nrc: '',
        email: '',
        phone: '',
        createdAt: '',
        updatedAt: '',
      });
      expect(shape(rows.get(withAccount.id))).toEqual(shape(rows.get(withoutAccount.id)));

      // The same statements, in the same order, whether or not the email has an account.
      const user = (await userRepository(db).findById(agent.id)) as User;
      const statements = async (input: ReturnType<typeof customer>) =>
        db.transaction(async (tx) => {
          const seen: string[] = [];
          const counting: Queryable = { query: (text, params) => (seen.push(text), tx.query(text, params)) };
          await saveCustomer.apply(
            {
              tx: counting,
              user,
              ip: '127.0.0.1',
              log: pino({ level: 'silent' }),
              signer: null,
              now: () => new Date(),
            },
            saveCustomer.payload.parse(input),
          );
          return seen;
        });
      const known = await statements(
        customer({ name: 'Timing Shape', nrc: '555000/10/1', email: 'admin@nambala.zm', phone: '0977 300 010' }),
      );
      const unknown = await statements(
        customer({ name: 'Timing Shape', nrc: '555001/10/1', email: 'nobody.else@owner.zm', phone: '0977 300 011' }),
      );
      expect(known).toEqual(unknown);
    });
  });

  describe('sweeping contacts', () => {
    it(`lets an agent give contact details to at most ${CUSTOMER_CONTACT_LIMIT.max} customers an hour; editing other details is not counted`, async () => {
      const sweeper = await sessionForNewAccount(db, {
        email: 'sweeper@owner.zm',
        name: 'Sweeping Agent',
        userType: 'INSURANCE_AGENT',
        roles: ['insurance_agent'],
      });
      const contacts = Array.from({ length: CUSTOMER_CONTACT_LIMIT.max }, (_, index) => ({
        mutations: [
          {
            id: randomUUID(),
            intent: 'saveCustomer',
            payload: customer({
              nrc: `6${String(index).padStart(5, '0')}/10/1`,
              email: `person-${index}@owner.zm`,
              phone: `0977 4${String(index).padStart(5, '0')}`,
            }),
          },
        ],
      }));
      const answers = await Promise.all(
        contacts.map(
          async (batch) =>
            (
              await app.inject({
                method: 'POST',
                url: '/api/sync/push',
                headers: { cookie: sweeper.cookie },
                payload: { clientId: 'sweep', ...batch },
              })
            ).json().results[0] as { outcome: string },
        ),
      );
      expect(answers.every((answer) => answer.outcome === 'applied')).toBe(true);
      const first = contacts[0]?.mutations[0]?.payload as ReturnType<typeof customer>;
      // A new name for a customer already saved asks nobody: it is saved.
      expect(await push(sweeper.cookie, 'saveCustomer', { ...first, name: 'Joseph M. Phiri' })).toMatchObject({
        outcome: 'applied',
      });
      const refused = await push(
        sweeper.cookie,
        'saveCustomer',
        customer({ nrc: '699999/10/1', email: 'one-more@owner.zm', phone: '0977 499 999' }),
      );
      expect(refused).toMatchObject({ outcome: 'rejected', status: 429, message: tooManyCustomerContacts(60) });
      expect(await push(sweeper.cookie, 'saveCustomer', { ...first, email: 'changed@owner.zm' })).toMatchObject({
        outcome: 'rejected',
        status: 429,
      });
    });
  });

  describe('disputes', () => {
    it('lets the owner dispute a policy on their plate: an alert for the administrator, the insurer told, the dispute on the owner’s view', async () => {
      const view = (await pulled(buyer.cookie, 'ownedPlate')).get(buyersPlate) as { cover: OwnerCoverTerm[] };
      const number = view.cover[0]?.policyNumber ?? '';
      // Nobody but the plate's owner may dispute it.
      const stranger = await sessionForNewAccount(db, {
        email: 'stranger@owner.zm',
        name: 'Stranger',
        userType: 'Customer',
        roles: ['buyer'],
      });
      expect((await post(stranger.cookie, `/api/me/policies/${number}/dispute`, { note: 'Not mine' })).statusCode).toBe(
        404,
      );

      const disputed = await post(buyer.cookie, `/api/me/policies/${number}/dispute`, {
        note: 'I never agreed to this.',
      });
      expect(disputed.statusCode).toBe(200);
      expect(disputed.json().message).toBe(
        `${number} is disputed: the registry's administrator will review it, and the insurer has been told.`,
      );
      const [alert] = await alerts('policy-disputed', buyersPlate);
      expect(alert).toMatchObject({
        subject_id: agent.id,
        evidence: { policyNumber: number, holder: 'Grace Mwansa', ownersNote: 'I never agreed to this.' },
      });
      expect(await titles(admin.id)).toContain('Integrity alert: Policy disputed by the owner (Owner Test Agent)');
      expect(await titles(agent.id)).toContain(`Policy ${number} disputed by the owner of ${buyersPlate}`);
      const after = (await pulled(buyer.cookie, 'ownedPlate')).get(buyersPlate) as { cover: OwnerCoverTerm[] };
      expect(after.cover[0]?.disputedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));

      const again = await post(buyer.cookie, `/api/me/policies/${number}/dispute`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `You disputed ${number} on ${formatLusakaDay(new Date())}: the registry is reviewing it.`,
      );
    });
  });
});
