/**
 * Claims through push, pull and the claim routes: a claim is numbered by the server, sits
 * on one of the agent's own policies, checks the other party's plate in the registry, moves
 * Submitted → Under Assessment → Approved | Rejected → Paid only by its own agent, tells the
 * policy holder, and its photos arrive once, resuming after an interrupted upload.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '#domain/accounts/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/domain/dates/calendar-day';
import type { Database } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { seedDemoClaims } from '../../src/server/seed/demo-insurance';
import { jpegHeader } from './fake-jpeg';
import { buildTestAppWithDb } from './test-app';

const DAY_MS = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** Bytes that start like a JPEG of `width` × `height`, with a fingerprint and the size a claim declares. */
function photo(size: number, width = 1600, height = 1200) {
  const header = jpegHeader(width, height);
  const bytes = Buffer.concat([header, randomBytes(Math.max(0, size - header.length))]);
  return {
    bytes,
    meta: { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, width: 1600, height: 1200 },
  };
}

describe('insurance claims', () => {
  let app: FastifyInstance;
  let db: Database;
  let userCount = 0;
  let agent: { id: string; cookie: string };
  let otherAgent: { id: string; cookie: string };
  let holder: { id: string; cookie: string };
  let officer: { id: string; cookie: string };
  let policyId = '';
  let policyStart = '';
  let otherAgentsPolicyId = '';

  async function newUser(roles: Role[], email?: string): Promise<{ id: string; cookie: string }> {
    userCount += 1;
    const user = await userRepository(db).create({
      email: email ?? `person${userCount}@claims.zm`,
      name: `Person ${userCount}`,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
    });
    const token = `claims-${userCount}-${randomUUID()}`;
    await sessionRepository(db).create(token, user?.id ?? '', new Date(Date.now() + 3600_000));
    return { id: user?.id ?? '', cookie: `nambala_session=${token}` };
  }

  async function push(cookie: string, intent: string, payload: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'scene', mutations: [{ id: randomUUID(), intent, payload }] },
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

  async function claimsOn(cookie: string): Promise<Array<Record<string, unknown>>> {
    const latest = new Map<string, Record<string, unknown>>();
    let cursor: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: { cookie },
      });
      const body = response.json();
      for (const change of body.changes) if (change.entity === 'insuranceClaim') latest.set(change.id, change.data);
      cursor = body.cursor;
      if (!body.hasMore) return [...latest.values()];
    }
    throw new Error('pull never finished');
  }

  const claim = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    policyId,
    incidentDate: inDays(-1),
    incidentPlace: 'Great East Road, Lusaka',
    description: 'Rear-ended at the traffic lights.',
    otherPartyPlate: '',
    photos: [],
    claimedAmount: 250_000,
    ...overrides,
  });
  // Approving asks for the amount, and paying for the payment (tests/server/claim-amounts.test.ts has their rules).
  const APPROVE = { step: 'approve', approvedAmount: 200_000 };
  const PAY = {
    step: 'pay',
    paidAmount: 200_000,
    paymentMethod: 'Bank transfer',
    paymentReference: 'TRF-1',
    paidOn: inDays(0),
  };
  const step = (cookie: string, id: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/insurance/claims/${id}/steps`, headers: { cookie }, payload: body });
  const putChunk = (
    cookie: string,
    claimId: string,
    sha256: string,
    offset: number,
    bytes: Buffer,
    type = 'image/jpeg',
  ) =>
    app.inject({
      method: 'PUT',
      url: `/api/insurance/claims/${claimId}/photos/${sha256}?offset=${offset}`,
      headers: { cookie, 'content-type': type },
      payload: bytes,
    });
  const uploadState = (cookie: string, claimId: string, sha256: string) =>
    app.inject({ method: 'GET', url: `/api/insurance/claims/${claimId}/photos/${sha256}/upload`, headers: { cookie } });

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    agent = await newUser(['insurance_agent']);
    otherAgent = await newUser(['insurance_agent']);
    holder = await newUser(['buyer'], 'holder@claims.zm');
    officer = await newUser(['police']);
    // The policy holder is the plate's registered owner, and has accepted the agent's link to their account.
    const [plate] = await db.query<{ plate_number: string; owner_nrc: string }>(
      `SELECT plate_number, owner_nrc FROM registered_plates WHERE standing = 'Valid' AND expiry_date > now() + interval '1 year'
       AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 1`,
    );
    const customerId = randomUUID();
    expect(
      await push(agent.cookie, 'saveCustomer', {
        id: customerId,
        name: 'Holder Phiri',
        nrc: plate?.owner_nrc,
        phone: '0977 000 111',
        email: 'holder@claims.zm',
      }),
    ).toMatchObject({ outcome: 'applied' });
    const [asked] = (
      await app.inject({ method: 'GET', url: '/api/me/insurance-requests', headers: { cookie: holder.cookie } })
    ).json().requests as Array<{ id: string }>;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/me/insurance-requests/${asked?.id ?? ''}/accept`,
          headers: { cookie: holder.cookie },
        })
      ).statusCode,
    ).toBe(200);
    policyStart = inDays(-30);
    const issued = await app.inject({
      method: 'POST',
      url: '/api/insurance/policies',
      headers: { cookie: agent.cookie },
      payload: {
        customerId,
        plateNumber: plate?.plate_number,
        type: 'Comprehensive',
        startDate: policyStart,
        endDate: inDays(300),
        premium: '3000',
      },
    });
    expect(issued.statusCode).toBe(201);
    policyId = issued.json().policy.id;

    const otherCustomer = randomUUID();
    // ZM-123-ABC's registered owner, as another agent's customer.
    await push(otherAgent.cookie, 'saveCustomer', {
      id: otherCustomer,
      name: 'Mwila Banda',
      nrc: '204518/10/1',
      phone: '0977 000 112',
      email: 'else@claims.zm',
    });
    const otherPolicy = await app.inject({
      method: 'POST',
      url: '/api/insurance/policies',
      headers: { cookie: otherAgent.cookie },
      payload: {
        customerId: otherCustomer,
        plateNumber: 'ZM-123-ABC',
        type: 'Third Party',
        startDate: inDays(-10),
        endDate: inDays(100),
        premium: '900',
      },
    });
    expect(otherPolicy.statusCode).toBe(201);
    otherAgentsPolicyId = otherPolicy.json().policy.id;
  }, 120_000);

  afterAll(async () => {
    await app.close();
  });

  it('numbers a pushed claim, keeps it on its agent’s devices only, and tells the linked policy holder', async () => {
    const saved = claim({ otherPartyPlate: 'zm-123-abc' });
    const result = await push(agent.cookie, 'saveClaim', saved);
    expect(result).toMatchObject({ outcome: 'applied' });
    expect(String(result.data?.claimNumber)).toMatch(/^CLM-\d{6}$/);
    const row = (await claimsOn(agent.cookie)).find((data) => data.id === saved.id);
    expect(row).toMatchObject({
      status: 'Submitted',
      otherPartyPlate: 'ZM-123-ABC',
      policyId,
      agentId: agent.id,
      claimNumber: result.data?.claimNumber,
    });
    expect((await claimsOn(otherAgent.cookie)).some((data) => data.id === saved.id)).toBe(false);
    const notices = await db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [
      holder.id,
    ]);
    expect(notices.map((notice) => notice.title)).toContain(`Claim ${result.data?.claimNumber} received`);
    const audit = await db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [saved.id]);
    expect(audit.map((entry) => entry.action)).toEqual(['insurance.claim.submit']);
  });

  it('applies a claim pushed twice once (a retry after a lost answer)', async () => {
    const saved = claim();
    const mutation = { id: randomUUID(), intent: 'saveClaim', payload: saved };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { cookie: agent.cookie },
        payload: { clientId: 'scene', mutations: [mutation] },
      });
      expect(response.json().results[0].outcome).toBe('applied');
    }
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_claims WHERE id = $1', [
      saved.id,
    ]);
    expect(count?.n).toBe(1);
  });

  it('refuses an unknown other party’s plate, a malformed one, and dates outside the policy or in the future', async () => {
    const unknown = await push(agent.cookie, 'saveClaim', claim({ otherPartyPlate: 'ZM-000-QQQ' }));
    expect(unknown).toMatchObject({ outcome: 'rejected', status: 422 });
    expect(unknown.fields?.otherPartyPlate).toBe(
      "ZM-000-QQQ is not in the registry. Check the other party's plate, or leave it empty if you do not know it.",
    );
    expect(await push(agent.cookie, 'saveClaim', claim({ otherPartyPlate: 'ZM_123' }))).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { otherPartyPlate: 'Plate number may contain only letters, digits, spaces and hyphens' },
    });
    const early = await push(agent.cookie, 'saveClaim', claim({ incidentDate: inDays(-31) }));
    expect(early.fields?.incidentDate).toBe(
      `Incident date cannot be before policy ${(await db.query<{ policy_number: string }>('SELECT policy_number FROM insurance_policies WHERE id = $1', [policyId]))[0]?.policy_number} started (${formatDay(policyStart)})`,
    );
    expect((await push(agent.cookie, 'saveClaim', claim({ incidentDate: inDays(3) }))).fields?.incidentDate).toBe(
      'Incident date cannot be in the future',
    );
    expect(await push(agent.cookie, 'saveClaim', claim({ incidentPlace: ' ', description: '' }))).toMatchObject({
      status: 400,
      fields: { incidentPlace: 'Place of the incident is required', description: 'Description is required' },
    });
  });

  it('refuses a claim on another agent’s policy, and another agent’s claim, as unknown; and everyone but an insurance agent', async () => {
    expect(await push(agent.cookie, 'saveClaim', claim({ policyId: otherAgentsPolicyId }))).toMatchObject({
      outcome: 'rejected',
      status: 404,
      message: 'This policy is not in your list.',
    });
    const mine = claim();
    await push(agent.cookie, 'saveClaim', mine);
    expect(
      await push(otherAgent.cookie, 'saveClaim', { ...mine, policyId: otherAgentsPolicyId, description: 'Mine now' }),
    ).toMatchObject({ outcome: 'rejected', status: 404, message: 'This claim is not in your list.' });
    expect(await push(holder.cookie, 'saveClaim', claim())).toMatchObject({ outcome: 'rejected', status: 403 });
    expect(await push(officer.cookie, 'saveClaim', claim())).toMatchObject({ outcome: 'rejected', status: 403 });

    expect((await step(otherAgent.cookie, mine.id, { step: 'assess' })).statusCode).toBe(404);
    expect((await step(holder.cookie, mine.id, { step: 'assess' })).statusCode).toBe(403);
    expect((await step(officer.cookie, mine.id, { step: 'assess' })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: `/api/insurance/claims/${mine.id}/steps`, payload: { step: 'assess' } }))
        .statusCode,
    ).toBe(401);
  });

  it('moves a claim through assessment and approval to Paid, audited and told to the holder, and refuses steps out of order', async () => {
    const saved = claim();
    await push(agent.cookie, 'saveClaim', saved);
    const paidTooSoon = await step(agent.cookie, saved.id, PAY);
    expect(paidTooSoon.statusCode).toBe(409);
    expect(paidTooSoon.json().message).toMatch(
      /^Claim CLM-\d{6} is Submitted: Mark Paid applies to a claim that is Approved\.$/,
    );
    expect((await step(agent.cookie, saved.id, APPROVE)).statusCode).toBe(409);

    expect((await step(agent.cookie, saved.id, { step: 'assess' })).json().claim.status).toBe('Under Assessment');
    expect((await step(agent.cookie, saved.id, PAY)).statusCode).toBe(409);
    expect((await step(agent.cookie, saved.id, { step: 'assessment', assessedAmount: 200_000 })).statusCode).toBe(200);
    const approved = (await step(agent.cookie, saved.id, APPROVE)).json().claim;
    expect(approved).toMatchObject({ status: 'Approved', rejectReason: null });
    expect(approved.decidedAt).not.toBeNull();
    const paid = (await step(agent.cookie, saved.id, PAY)).json().claim;
    expect(paid.status).toBe('Paid');
    expect((await step(agent.cookie, saved.id, PAY)).statusCode).toBe(409);
    // Decided: no longer edited.
    expect(await push(agent.cookie, 'saveClaim', { ...saved, description: 'Changed after payment' })).toMatchObject({
      outcome: 'rejected',
      status: 409,
    });

    expect((await claimsOn(agent.cookie)).find((data) => data.id === saved.id)).toMatchObject({ status: 'Paid' });
    const audit = await db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY at, id', [
      saved.id,
    ]);
    expect(audit.map((entry) => entry.action)).toEqual([
      'insurance.claim.submit',
      'insurance.claim.assess',
      'insurance.claim.assessment',
      'insurance.claim.approve',
      'insurance.claim.pay',
    ]);
    const notices = await db.query<{ title: string }>(
      'SELECT title FROM notifications WHERE user_id = $1 ORDER BY created_at',
      [holder.id],
    );
    expect(notices.map((notice) => notice.title)).toEqual(
      expect.arrayContaining([
        `Claim ${paid.claimNumber} is being assessed`,
        `Claim ${paid.claimNumber} approved`,
        `Claim ${paid.claimNumber} paid`,
      ]),
    );
  });

  it('rejects only with a reason, and a rejected claim is never paid', async () => {
    const saved = claim();
    await push(agent.cookie, 'saveClaim', saved);
    await step(agent.cookie, saved.id, { step: 'assess' });
    const noReason = await step(agent.cookie, saved.id, { step: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Give the reason for rejecting the claim');
    const rejected = await step(agent.cookie, saved.id, { step: 'reject', reason: 'Damage predates the policy.' });
    expect(rejected.json().claim).toMatchObject({ status: 'Rejected', rejectReason: 'Damage predates the policy.' });
    expect((await step(agent.cookie, saved.id, PAY)).statusCode).toBe(409);
    expect((await step(agent.cookie, saved.id, APPROVE)).statusCode).toBe(409);
    expect((await step(agent.cookie, saved.id, { step: 'dance' })).statusCode).toBe(400);
  });

  it('gives the demo insurance agent a claim in each state, once', async () => {
    const [insurer] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'insurer@nambala.zm'");
    const token = `insurer-${randomUUID()}`;
    await sessionRepository(db).create(token, insurer?.id ?? '', new Date(Date.now() + 3600_000));
    const demo = await claimsOn(`nambala_session=${token}`);
    expect(demo.map((data) => data.status).sort()).toEqual([
      'Approved',
      'Paid',
      'Rejected',
      'Submitted',
      'Under Assessment',
    ]);
    expect(demo.every((data) => data.plateNumber === 'ZM-123-ABC')).toBe(true);
    // Each with amounts that tell one story: claimed always; approved within the assessment and the claim; paid in full.
    for (const data of demo) {
      expect(data.claimedAmount).toEqual(expect.any(Number));
      if (data.status === 'Approved' || data.status === 'Paid') {
        expect(data.approvedAmount as number).toBeLessThanOrEqual(data.assessedAmount as number);
        expect(data.approvedAmount as number).toBeLessThanOrEqual(data.claimedAmount as number);
      }
      if (data.status === 'Paid')
        expect(data).toMatchObject({ paidAmount: data.approvedAmount, paymentMethod: 'Bank transfer' });
      else expect(data.paidAmount).toBeNull();
    }
    expect(await seedDemoClaims(db, app.log)).toBe(false);
  });

  describe('photos', () => {
    it('resumes an upload cut half-way and ends with one photo of the right bytes; a repeat stores nothing twice', async () => {
      const { bytes, meta } = photo(300_000);
      const saved = claim({ photos: [meta] });
      expect(await push(agent.cookie, 'saveClaim', saved)).toMatchObject({ outcome: 'applied' });
      expect((await uploadState(agent.cookie, saved.id, meta.sha256)).json()).toEqual({
        size: 300_000,
        received: 0,
        isComplete: false,
      });

      // The first 120,000 bytes arrive, then the connection drops.
      expect((await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes.subarray(0, 120_000))).json()).toEqual({
        size: 300_000,
        received: 120_000,
        isComplete: false,
      });
      const asked = await uploadState(agent.cookie, saved.id, meta.sha256);
      expect(asked.headers['upload-offset']).toBe('120000');
      const headed = await app.inject({
        method: 'HEAD',
        url: `/api/insurance/claims/${saved.id}/photos/${meta.sha256}/upload`,
        headers: { cookie: agent.cookie },
      });
      expect(headed.statusCode).toBe(200);
      expect(headed.headers['upload-offset']).toBe('120000');
      // A chunk from too far ahead is refused with where to continue.
      const ahead = await putChunk(agent.cookie, saved.id, meta.sha256, 200_000, bytes.subarray(200_000));
      expect(ahead.statusCode).toBe(409);
      expect(ahead.headers['upload-offset']).toBe('120000');
      // The same chunk again (its answer was lost): nothing is added.
      expect((await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes.subarray(0, 120_000))).json().received).toBe(
        120_000,
      );
      // Resumed from the server's count, overlapping a little.
      const done = await putChunk(agent.cookie, saved.id, meta.sha256, 100_000, bytes.subarray(100_000));
      expect(done.json()).toEqual({ size: 300_000, received: 300_000, isComplete: true });
      // Sent again whole: still one photo.
      expect((await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes)).json()).toEqual({
        size: 300_000,
        received: 300_000,
        isComplete: true,
      });
      // The claim pushed again with the same photo: still one.
      expect(await push(agent.cookie, 'saveClaim', { ...saved, description: 'With more detail.' })).toMatchObject({
        outcome: 'applied',
      });

      const stored = await db.query<{ n: number; size: number }>(
        'SELECT count(*)::int AS n, max(length(content))::int AS size FROM insurance_claim_photos WHERE claim_id = $1',
        [saved.id],
      );
      expect(stored).toEqual([{ n: 1, size: 300_000 }]);
      const read = await app.inject({
        method: 'GET',
        url: `/api/insurance/claims/${saved.id}/photos/${meta.sha256}`,
        headers: { cookie: agent.cookie },
      });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(createHash('sha256').update(read.rawPayload).digest('hex')).toBe(meta.sha256);
      expect((await claimsOn(agent.cookie)).find((data) => data.id === saved.id)?.photos).toEqual([
        { ...meta, isComplete: true },
      ]);
    });

    it('lets only the claim’s agent upload or read its photos', async () => {
      const { bytes, meta } = photo(5_000);
      const saved = claim({ photos: [meta] });
      await push(agent.cookie, 'saveClaim', saved);
      expect((await putChunk(otherAgent.cookie, saved.id, meta.sha256, 0, bytes)).statusCode).toBe(404);
      expect((await uploadState(otherAgent.cookie, saved.id, meta.sha256)).statusCode).toBe(404);
      expect((await putChunk(holder.cookie, saved.id, meta.sha256, 0, bytes)).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/insurance/claims/${saved.id}/photos/${meta.sha256}`,
            headers: { cookie: officer.cookie },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await app.inject({ method: 'GET', url: `/api/insurance/claims/${saved.id}/photos/${meta.sha256}` }))
          .statusCode,
      ).toBe(401);
      await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/insurance/claims/${saved.id}/photos/${meta.sha256}`,
            headers: { cookie: otherAgent.cookie },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('refuses the wrong type, a photo that is not a JPEG, bytes past the declared size, damaged bytes and an undeclared photo, with clear messages', async () => {
      const { bytes, meta } = photo(10_000);
      const saved = claim({ photos: [meta] });
      await push(agent.cookie, 'saveClaim', saved);
      const png = await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes, 'image/png');
      expect(png.statusCode).toBe(415);
      expect(png.json().message).toBe('Send a claim photo as a JPEG image (Content-Type: image/jpeg).');
      const notJpeg = await putChunk(agent.cookie, saved.id, meta.sha256, 0, Buffer.from('GIF89a-not-a-photo'));
      expect(notJpeg.statusCode).toBe(422);
      expect(notJpeg.json().message).toBe('This is not a JPEG photo. Claim photos are sent as JPEG images.');
      expect(
        (await putChunk(agent.cookie, saved.id, meta.sha256, 0, Buffer.concat([bytes, Buffer.from([1])]))).statusCode,
      ).toBe(422);
      const damaged = Buffer.from(bytes);
      damaged[5000] = (damaged[5000] ?? 0) ^ 0xff;
      const wrong = await putChunk(agent.cookie, saved.id, meta.sha256, 0, damaged);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toMatch(/do not match its fingerprint/);
      expect((await uploadState(agent.cookie, saved.id, meta.sha256)).json().received).toBe(0);
      const tooBig = await putChunk(agent.cookie, saved.id, meta.sha256, 0, Buffer.alloc(1024 * 1024 + 1, 0xff));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().message).toBe('A claim photo must be at most 1 MB after resizing.');
      expect((await putChunk(agent.cookie, saved.id, 'a'.repeat(64), 0, bytes)).statusCode).toBe(404);
      expect((await putChunk(agent.cookie, saved.id, 'not-a-hash', 0, bytes)).statusCode).toBe(400);
      expect((await putChunk(agent.cookie, saved.id, meta.sha256, 0, bytes)).json().isComplete).toBe(true);
    });

    it('reads a photo’s size from its header and refuses one that declares more pixels than a claim photo has, before keeping a byte', async () => {
      const huge = photo(20_000, 65_500, 65_500);
      const saved = claim({ photos: [huge.meta] });
      await push(agent.cookie, 'saveClaim', saved);
      const refused = await putChunk(agent.cookie, saved.id, huge.meta.sha256, 0, huge.bytes);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        "This photo's header says it is 65500 × 65500 pixels; a claim photo is at most 1600 pixels on its longest side. Resize it and send it again.",
      );
      expect((await uploadState(agent.cookie, saved.id, huge.meta.sha256)).json()).toMatchObject({
        received: 0,
        isComplete: false,
      });
      // Sent in small chunks, its header arrives whole only with the second: refused there too.
      expect((await putChunk(agent.cookie, saved.id, huge.meta.sha256, 0, huge.bytes.subarray(0, 10))).statusCode).toBe(
        200,
      );
      const later = await putChunk(agent.cookie, saved.id, huge.meta.sha256, 10, huge.bytes.subarray(10));
      expect(later.statusCode).toBe(422);
      expect(later.json().message).toMatch(/65500 × 65500 pixels/);
      expect((await uploadState(agent.cookie, saved.id, huge.meta.sha256)).json().isComplete).toBe(false);
      // A wide photo just past the limit, and a JPEG that never says its size.
      const wide = photo(5_000, 1601, 900);
      const noFrame = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]), randomBytes(3_000)]);
      const noFrameMeta = {
        sha256: createHash('sha256').update(noFrame).digest('hex'),
        size: noFrame.length,
        width: 1600,
        height: 1200,
      };
      const other = claim({ photos: [wide.meta, noFrameMeta] });
      await push(agent.cookie, 'saveClaim', other);
      expect((await putChunk(agent.cookie, other.id, wide.meta.sha256, 0, wide.bytes)).json().message).toMatch(
        /1601 × 900 pixels/,
      );
      const unreadable = await putChunk(agent.cookie, other.id, noFrameMeta.sha256, 0, noFrame);
      expect(unreadable.statusCode).toBe(422);
      expect(unreadable.json().message).toBe(
        'The size of this photo cannot be read from its header. Claim photos are sent as JPEG images.',
      );
      const stored = await db.query(
        'SELECT 1 FROM insurance_claim_photos WHERE claim_id = ANY($1) AND completed_at IS NOT NULL',
        [[saved.id, other.id]],
      );
      expect(stored).toEqual([]);
    });

    it('keeps at most 20 photos on a claim, across edits', async () => {
      const twenty = Array.from({ length: 20 }, () => photo(100).meta);
      const saved = claim({ photos: twenty });
      expect(await push(agent.cookie, 'saveClaim', saved)).toMatchObject({ outcome: 'applied' });
      expect(await push(agent.cookie, 'saveClaim', { ...saved, photos: [...twenty, photo(100).meta] })).toMatchObject({
        outcome: 'rejected',
        status: 400,
        fields: { photos: 'A claim carries at most 20 photos.' },
      });
      expect(await push(agent.cookie, 'saveClaim', { ...saved, photos: [photo(100).meta] })).toMatchObject({
        outcome: 'rejected',
        status: 422,
        fields: { photos: 'A claim carries at most 20 photos.' },
      });
    });
  });
});
