/**
 * A claim's money through the sync push and the claim steps: the amount claimed travels with
 * the claim, the assessed amount is recorded while it is assessed, approving asks for an
 * amount (at most the assessed amount and the amount claimed), paying records the approved
 * amount once with its method, reference and day; amounts are whole ngwee within a sane
 * range; only the claim's own insurer takes a step; the plate's owner sees the amounts, and
 * the policy holder is told them. Written against the code that had no amounts at all
 * ("Approve" only said the claim "waits to be paid").
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

const DAY_MS = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

describe('claims with money', () => {
  let app: FastifyInstance;
  let db: Database;
  let insurer = '';
  let owner = '';
  let otherAgent = '';
  let policyId = '';
  let plateNumber = '';
  let holderAccount = '';
  let incidentDate = '';

  async function sessionFor(email: string): Promise<string> {
    const user = (await userRepository(db).findCredentials(email))?.user;
    const token = `amounts-${randomUUID()}`;
    await sessionRepository(db).create(token, user?.id ?? '', new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }

  async function push(cookie: string, payload: Record<string, unknown>) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'scene', mutations: [{ id: randomUUID(), intent: 'saveClaim', payload }] },
    });
    expect(response.statusCode).toBe(200);
    return response.json().results[0] as { outcome: string; status?: number; fields?: Record<string, string> };
  }

  async function latest(cookie: string, entity: string): Promise<Map<string, Record<string, unknown>>> {
    const rows = new Map<string, Record<string, unknown>>();
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await app.inject({
          method: 'GET',
          url: `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers: { cookie },
        })
      ).json();
      for (const change of body.changes) if (change.entity === entity) rows.set(change.id, change.data);
      cursor = body.cursor;
      if (!body.hasMore) return rows;
    }
    throw new Error('pull never finished');
  }

  const newClaim = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    policyId,
    incidentDate,
    incidentPlace: 'Kafue Road, Lusaka',
    description: 'Hit from behind at the lights.',
    otherPartyPlate: '',
    photos: [],
    claimedAmount: 1_250_000,
    ...overrides,
  });
  const step = (cookie: string, id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/insurance/claims/${id}/steps`, headers: { cookie }, payload: body });
  const payment = (overrides: Record<string, unknown> = {}) => ({
    step: 'pay',
    paidAmount: 1_100_000,
    paymentMethod: 'Bank transfer',
    paymentReference: 'ZNB-TRF-88231',
    paidOn: inDays(0),
    ...overrides,
  });

  async function underAssessment(overrides: Record<string, unknown> = {}): Promise<string> {
    const claim = newClaim(overrides);
    expect(await push(insurer, claim)).toMatchObject({ outcome: 'applied' });
    expect((await step(insurer, claim.id, { step: 'assess' })).statusCode).toBe(200);
    return claim.id;
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    insurer = await sessionFor('insurer@nambala.zm');
    owner = await sessionFor('buyer@nambala.zm');
    const agentUser = await userRepository(db).create({
      email: 'other-agent@amounts.zm',
      name: 'Other Agent',
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles: ['insurance_agent'],
    });
    const token = `amounts-other-${randomUUID()}`;
    await sessionRepository(db).create(token, agentUser?.id ?? '', new Date(Date.now() + 3600_000));
    otherAgent = `nambala_session=${token}`;
    // The demo insurer's live policy on a plate the demo buyer owns (their Hilux, insured for its driver with their consent).
    const [row] = await db.query<{ id: string; plate_number: string; account_id: string | null; incident: string }>(
      `SELECT i.id, i.plate_number, c.account_id, to_char(least(i.end_date, current_date), 'YYYY-MM-DD') AS incident
       FROM insurance_policies i
         JOIN insurance_customers c ON c.id = i.customer_id
         JOIN plates p ON p.plate_number = i.plate_number
         JOIN users u ON u.id = p.owner_id AND u.email = 'buyer@nambala.zm'
         JOIN users a ON a.id = i.agent_id AND a.email = 'insurer@nambala.zm'
       WHERE i.cancelled_at IS NULL AND i.start_date <= current_date
       ORDER BY i.start_date DESC LIMIT 1`,
    );
    expect(row).toBeDefined();
    policyId = row?.id ?? '';
    plateNumber = row?.plate_number ?? '';
    holderAccount = row?.account_id ?? '';
    incidentDate = row?.incident ?? '';
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('records the amount claimed with the claim, and keeps it on the agent’s devices in ngwee', async () => {
    const claim = newClaim({ claimedAmount: 1_234_550 });
    expect(await push(insurer, claim)).toMatchObject({ outcome: 'applied' });
    const [saved] = await db.query<{ claimed_ngwee: string | number }>(
      'SELECT claimed_ngwee FROM insurance_claims WHERE id = $1',
      [claim.id],
    );
    expect(Number(saved?.claimed_ngwee)).toBe(1_234_550);
    const onDevice = (await latest(insurer, 'insuranceClaim')).get(claim.id);
    expect(onDevice).toMatchObject({ claimedAmount: 1_234_550, assessedAmount: null, approvedAmount: null });
  });

  it('keeps the amount claimed when an edit comes without one (from a device of an older build), and takes a new one', async () => {
    const claim = newClaim({ claimedAmount: 500_000 });
    expect(await push(insurer, claim)).toMatchObject({ outcome: 'applied' });
    const { claimedAmount: _dropped, ...withoutAmount } = claim;
    expect(await push(insurer, { ...withoutAmount, description: 'Tailgate too.' })).toMatchObject({
      outcome: 'applied',
    });
    expect((await latest(insurer, 'insuranceClaim')).get(claim.id)).toMatchObject({ claimedAmount: 500_000 });
    expect(await push(insurer, { ...claim, claimedAmount: 650_000 })).toMatchObject({ outcome: 'applied' });
    expect((await latest(insurer, 'insuranceClaim')).get(claim.id)).toMatchObject({ claimedAmount: 650_000 });
  });

  it('refuses an amount claimed that is negative, zero, fractional or beyond K10,000,000.00', async () => {
    for (const claimedAmount of [-100, 0, 12.5, 1_000_000_001]) {
      const result = await push(insurer, newClaim({ claimedAmount }));
      expect(result.outcome).toBe('rejected');
      expect(result.status).toBe(400);
      expect(result.fields?.claimedAmount).toMatch(/amount claimed/);
    }
  });

  it('asks for the approved amount: approving without one is refused, and nothing changes', async () => {
    const id = await underAssessment();
    const bare = await step(insurer, id, { step: 'approve' });
    expect(bare.statusCode).toBe(400);
    expect((await db.query<{ status: string }>('SELECT status FROM insurance_claims WHERE id = $1', [id]))[0]).toEqual({
      status: 'Under Assessment',
    });
  });

  it('approves only after the assessment, for at most the assessed amount and the amount claimed', async () => {
    const id = await underAssessment({ claimedAmount: 1_000_000 });
    const early = await step(insurer, id, { step: 'approve', approvedAmount: 500_000 });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/Record the assessed amount/);

    expect((await step(insurer, id, { step: 'assessment', assessedAmount: -1 })).statusCode).toBe(400);
    const assessed = await step(insurer, id, { step: 'assessment', assessedAmount: 1_200_000 });
    expect(assessed.statusCode).toBe(200);
    expect(assessed.json().claim).toMatchObject({ status: 'Under Assessment', assessedAmount: 1_200_000 });

    const overClaimed = await step(insurer, id, { step: 'approve', approvedAmount: 1_100_000 });
    expect(overClaimed.statusCode).toBe(422);
    expect(overClaimed.json().message).toBe('The approved amount cannot be more than the amount claimed (K10,000.00)');
    // Assessed again, lower: the assessment is the ceiling.
    expect((await step(insurer, id, { step: 'assessment', assessedAmount: 800_000 })).statusCode).toBe(200);
    const overAssessed = await step(insurer, id, { step: 'approve', approvedAmount: 900_000 });
    expect(overAssessed.statusCode).toBe(422);
    expect(overAssessed.json().fields.approvedAmount).toBe(
      'The approved amount cannot be more than the assessed amount (K8,000.00)',
    );
    const approved = await step(insurer, id, { step: 'approve', approvedAmount: 750_000 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().claim).toMatchObject({ status: 'Approved', approvedAmount: 750_000, paidAmount: null });
  });

  it('refuses a claim without an amount claimed until it is recorded', async () => {
    const id = await underAssessment({ claimedAmount: null });
    expect((await step(insurer, id, { step: 'assessment', assessedAmount: 300_000 })).statusCode).toBe(200);
    const refused = await step(insurer, id, { step: 'approve', approvedAmount: 300_000 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/Record the amount claimed/);
  });

  it('pays exactly the approved amount, once, with its method, reference and day', async () => {
    const id = await underAssessment();
    await step(insurer, id, { step: 'assessment', assessedAmount: 1_100_000 });
    await step(insurer, id, { step: 'approve', approvedAmount: 1_100_000 });

    const partial = await step(insurer, id, payment({ paidAmount: 500_000 }));
    expect(partial.statusCode).toBe(422);
    expect(partial.json().fields.paidAmount).toMatch(/must be the approved amount, K11,000.00/);
    expect((await step(insurer, id, payment({ paymentMethod: 'Gold bars' }))).statusCode).toBe(400);
    expect((await step(insurer, id, payment({ paymentReference: '  ' }))).statusCode).toBe(400);
    expect((await step(insurer, id, payment({ paidOn: inDays(5) }))).json().fields.paidOn).toBe(
      'The payment date cannot be in the future',
    );
    expect((await step(insurer, id, payment({ paidOn: inDays(-3) }))).json().fields.paidOn).toMatch(
      /cannot be before the claim was approved/,
    );
    expect((await step(insurer, id, { step: 'pay' })).statusCode).toBe(400);

    const paid = await step(insurer, id, payment());
    expect(paid.statusCode).toBe(200);
    expect(paid.json().claim).toMatchObject({
      status: 'Paid',
      paidAmount: 1_100_000,
      paymentMethod: 'Bank transfer',
      paymentReference: 'ZNB-TRF-88231',
      paidOn: inDays(0),
    });
    expect((await step(insurer, id, payment())).statusCode).toBe(409);

    const [audit] = await db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'insurance.claim.pay' AND target = $1",
      [id],
    );
    expect(audit?.detail).toMatchObject({ paidAmount: 1_100_000, paymentReference: 'ZNB-TRF-88231' });
  });

  it('lets only the claim’s own insurer assess, approve or pay it: another agent is told it is unknown, another role is refused', async () => {
    const id = await underAssessment();
    const bodies = [
      { step: 'assessment', assessedAmount: 100_000 },
      { step: 'approve', approvedAmount: 100_000 },
      payment({ paidAmount: 100_000 }),
    ];
    for (const body of bodies) {
      expect((await step(otherAgent, id, body)).statusCode).toBe(404);
      expect((await step(owner, id, body)).statusCode).toBe(403);
    }
    const [row] = await db.query<{ assessed_ngwee: unknown; status: string }>(
      'SELECT assessed_ngwee, status FROM insurance_claims WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ assessed_ngwee: null, status: 'Under Assessment' });
  });

  it('shows the plate’s owner the claim’s amounts, read-only, and tells the holder the amounts', async () => {
    const claim = newClaim({ claimedAmount: 640_000 });
    expect(await push(insurer, claim)).toMatchObject({ outcome: 'applied' });
    await step(insurer, claim.id, { step: 'assess' });
    await step(insurer, claim.id, { step: 'assessment', assessedAmount: 600_000 });
    await step(insurer, claim.id, { step: 'approve', approvedAmount: 600_000 });
    await step(
      insurer,
      claim.id,
      payment({ paidAmount: 600_000, paymentMethod: 'Mobile money', paymentReference: 'MM-77120' }),
    );

    const plate = (await latest(owner, 'ownedPlate')).get(plateNumber) as {
      cover: Array<{ claims?: Array<Record<string, unknown>> }>;
    };
    const shown = plate.cover
      .flatMap((term) => term.claims ?? [])
      .find((row) => row.status === 'Paid' && row.paidAmount === 600_000);
    expect(shown).toMatchObject({
      claimedAmount: 640_000,
      assessedAmount: 600_000,
      approvedAmount: 600_000,
      paidAmount: 600_000,
      paymentMethod: 'Mobile money',
      paymentReference: 'MM-77120',
      paidOn: inDays(0),
    });
    // The owner cannot take a step on it.
    expect((await step(owner, claim.id, { step: 'assess' })).statusCode).toBe(403);

    if (holderAccount) {
      const notices = await db.query<{ title: string; body: string }>(
        "SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'insurance-claim' ORDER BY created_at",
        [holderAccount],
      );
      const bodies = notices.map((notice) => notice.body).join('\n');
      expect(bodies).toContain('for K6,000.00');
      expect(bodies).toContain('K6,000.00 by Mobile money');
    }
  });
});
