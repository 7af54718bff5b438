/**
 * The application wizard's submit and the administrator's Plate Requests over the whole
 * server with the demo data set: idempotent submits with unique LP- references and the
 * wizard's field messages, the request list, approval allocating numbers and giving the
 * least-loaded plate maker orders their device pulls, rejection with a reason that tells
 * the applicant, bulk decisions with refusals in the middle, and no decision once
 * manufacturing has started. Every decision lands in the audit trail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATES_NOT_WHOLE, REGISTRATION_REQUIRED } from '#domain/applications/application-form';
import { parseApplicationReference } from '#domain/payments/reference';
import { PHONE_NOT_IN_USE } from '#domain/validation/identity';
import { isLuckyNumber, STANDARD_PLATE_PATTERN } from '#domain/plates/plate-number';
import { REVIEW_MESSAGES } from '#domain/applications/review';
import type { Database } from '../../src/server/db/database';
import { APPLICATION_CHANGED } from '../../src/server/payments/application-checkout';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { collectionDateAfter } from '../../src/domain/plates/lifecycle';
import { randomPlateNumber } from '../../src/server/applications/number-allocation';
import {
  NO_PLATE_MAKER,
  REQUEST_NOT_FOUND,
  REQUEST_NOT_PAID,
} from '../../src/server/applications/application-decisions';
import { releaseDueDecisions } from '../../src/server/applications/decision-undo';
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import { blanksOf, plateBlanks } from './shop-orders';
import { applicationBody, buildTestAppWithDb, payOnCardPage } from './test-app';

interface RequestView {
  id: string;
  reference: string;
  applicant: string;
  vehicle: string;
  quantity: number;
  quantityLabel: string;
  status: string;
  plates: string[];
  agent: { id: string; name: string } | null;
  manufacturingStarted: boolean;
  payment: { status: string; method: string } | null;
  orderInfo: Record<string, string>;
}

const application = applicationBody;

describe('applications and plate requests', () => {
  let app: FastifyInstance;
  let db: Database;
  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  const cookies: Record<string, string> = {};
  let buyerId = '';
  let agentId = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const submit = async (overrides: object = {}) => {
    const response = await post('/api/applications', cookies.buyer ?? '', application(overrides));
    expect(response.statusCode).toBe(201);
    const answer = response.json() as {
      reference: string;
      requestId: string;
      payment: { id: string; status: string; checkoutUrl?: string | null };
    };
    // A card is paid on the card provider's page, with the approving test card.
    if (answer.payment.checkoutUrl) {
      const paid = await payOnCardPage(app, answer.payment.checkoutUrl, '4242 4242 4242 4242', {
        cookie: cookies.buyer ?? '',
      });
      answer.payment = paid.payment as typeof answer.payment;
    }
    return answer;
  };
  const decide = async (ids: string[], decision: 'approve' | 'reject', reason?: string) => {
    const response = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids,
      decision,
      ...(reason === undefined ? {} : { reason }),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      outcomes: Array<{
        requestId: string;
        ok: boolean;
        status?: string;
        plates?: string[];
        agent?: { id: string } | null;
        reason?: string;
        message?: string;
      }>;
      requests: RequestView[];
    };
  };
  /** The undo window of every decision so far passes: the applicants are told (docs/decisions/069-undo-a-decision.md). */
  const passUndoWindows = () => releaseDueDecisions(db, new Date(Date.now() + UNDO_WINDOW_MS));
  const requests = async (): Promise<RequestView[]> =>
    (await get('/api/admin/requests', cookies.admin ?? '')).json().requests;
  const requestNamed = async (applicant: string) =>
    (await requests()).find((request) => request.applicant === applicant) as RequestView;
  async function pullAll(cookie: string) {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
    let cursor = '';
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await get(`/api/sync/pull?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie)
      ).json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return changes;
    }
    throw new Error('pull never finished');
  }
  const manufacture = (plateNumber: string) =>
    post('/api/sync/push', cookies.agent ?? '', {
      clientId: 'shop-tablet',
      mutations: [
        {
          id: randomUUID(),
          intent: 'recordManufacturing',
          payload: {
            id: randomUUID(),
            plateNumber,
            status: 'In Production',
            batchNumber: 'B-TEST-01',
            productionDate: new Date().toISOString().slice(0, 10),
            notes: '',
            ...blanksFor(plateNumber),
          },
        },
      ],
    });

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    buyerId = (await userRepository(db).findCredentials('buyer@nambala.zm'))?.user.id ?? '';
    agentId = (await userRepository(db).findCredentials('agent@nambala.zm'))?.user.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('stores an application once with a server-issued LP- reference, however often it is sent', async () => {
    const body = application({ numberOfPlates: '2' });
    const first = await post('/api/applications', cookies.buyer ?? '', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      reference: expect.stringMatching(/^LP-\d{6}$/),
      requestId: expect.stringMatching(/^REQ-\d{3,}$/),
      status: 'Pending',
      payment: { status: 'pending', amount: 60_000 + 1000 + 1800 },
    });
    const paid = await payOnCardPage(app, first.json().payment.checkoutUrl, '4242 4242 4242 4242', {
      cookie: cookies.buyer ?? '',
    });
    expect(paid.payment).toMatchObject({ status: 'approved', amount: 60_000 + 1000 + 1800 });
    const again = await post('/api/applications', cookies.buyer ?? '', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      reference: first.json().reference,
      requestId: first.json().requestId,
      payment: { id: first.json().payment.id },
    });
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM plate_requests WHERE application_id = $1',
      [body.id],
    );
    expect(n).toBe(1);
    expect(
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE idempotency_key = $1', [body.id])
      )[0]?.n,
    ).toBe(1);
    const changed = await post('/api/applications', cookies.buyer ?? '', { ...body, numberOfPlates: 3 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(APPLICATION_CHANGED);
    // Another account cannot take over the id.
    const adminTry = await post('/api/applications', cookies.admin ?? '', body);
    expect(adminTry.statusCode).toBe(409);
  });

  it('gives concurrent applications distinct references', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/api/applications', cookies.buyer ?? '', application({ paymentMethod: 'bank' })),
      ),
    );
    const references = answers.map((answer) => answer.json().reference as string);
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(new Set(references).size).toBe(references.length);
    expect(references.every((reference) => parseApplicationReference(reference) !== null)).toBe(true);
  });

  it('answers with the wizard’s field messages, keyed by its field names', async () => {
    const empty = await post('/api/applications', cookies.buyer ?? '', {
      id: randomUUID(),
      fullName: '',
      nrcNumber: ' ',
      phoneNumber: '',
      email: 'nope',
      address: '',
      numberOfPlates: '0',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      fullName: 'Full name is required',
      nrcNumber: 'NRC number is required',
      phoneNumber: 'Phone number is required',
      email: 'Invalid email format',
      address: 'Address is required',
      numberOfPlates: 'Number of plates must be at least 1',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleRegistration: REGISTRATION_REQUIRED,
      paymentMethod: 'Please select a payment method',
    });
    // A count that is not a whole number is refused, never read as 1 or 2 and charged.
    for (const numberOfPlates of ['abc', '2.9', 2.9]) {
      const wrongCount = await post('/api/applications', cookies.buyer ?? '', application({ numberOfPlates }));
      expect(wrongCount.statusCode).toBe(400);
      expect(wrongCount.json().fields).toEqual({ numberOfPlates: PLATES_NOT_WHOLE });
    }
    const wrongNetwork = await post('/api/applications', cookies.buyer ?? '', application({ paymentMethod: 'airtel' }));
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().fields).toEqual({
      phoneNumber: 'This number is not on Airtel Money. Airtel numbers start with 097 or 077.',
    });
    expect((await app.inject({ method: 'POST', url: '/api/applications', payload: application() })).statusCode).toBe(
      401,
    );
  });

  it('refuses an NRC, phone number and name that cannot be real, with the messages the wizard shows', async () => {
    const refused = await post(
      '/api/applications',
      cookies.buyer ?? '',
      application({ fullName: 'X', nrcNumber: 'abc', phoneNumber: '12' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      fullName: 'Full name must be at least 2 characters',
      nrcNumber: 'NRC number must look like 123456/78/9',
      phoneNumber: 'Enter a Zambian phone number like +260 97 123 4567',
    });
    const digits = await post(
      '/api/applications',
      cookies.buyer ?? '',
      application({ fullName: '12345', phoneNumber: '+260 33 1234567' }),
    );
    expect(digits.json().fields).toEqual({
      fullName: 'Full name may only contain letters, spaces, hyphens, apostrophes and dots',
      phoneNumber: PHONE_NOT_IN_USE,
    });
    const noRegistration = await post(
      '/api/applications',
      cookies.buyer ?? '',
      application({ registrationNotYetKnown: false }),
    );
    expect(noRegistration.json().fields).toEqual({ vehicleRegistration: REGISTRATION_REQUIRED });
    const noVehicle = await post(
      '/api/applications',
      cookies.buyer ?? '',
      application({ vehicleMake: undefined, vehicleModel: ' ' }),
    );
    expect(noVehicle.json().fields).toEqual({
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
    });
    expect(await db.query('SELECT 1 FROM plate_requests WHERE nrc_number = $1', ['abc'])).toEqual([]);
  });

  it('keeps the vehicle on the request and the shop’s order, and the phone written +260', async () => {
    const { requestId, reference } = await submit({
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      vehicleRegistration: ' bcd  4321 ',
      registrationNotYetKnown: false,
      phoneNumber: '096 8901234',
    });
    const stored = (await requests()).find((request) => request.reference === reference);
    expect(stored).toMatchObject({ vehicle: 'Honda Fit, BCD 4321', orderInfo: { phone: '+260968901234' } });
    const { outcomes } = await decide([requestId], 'approve');
    const plate = outcomes[0]?.plates?.[0] ?? '';
    const order = (await pullAll(cookies.agent ?? '')).find(
      (change) => change.entity === 'agentOrder' && change.data?.plateNumber === plate,
    );
    expect(order?.data).toMatchObject({ vehicle: 'Honda Fit, BCD 4321', customerPhone: '+260968901234' });
  });

  it('gives the shop’s order the application’s references, on the order and its devices', async () => {
    const { requestId, reference } = await submit({ numberOfPlates: 2 });
    const { outcomes } = await decide([requestId], 'approve');
    const plates = outcomes[0]?.plates ?? [];
    const orders = (await pullAll(cookies.agent ?? '')).filter(
      (change) => change.entity === 'agentOrder' && plates.includes(String(change.data?.plateNumber)),
    );
    expect(orders).toHaveLength(2);
    for (const order of orders) expect(order.data).toMatchObject({ reference, requestId });
    const stored = await db.query<{ reference: string; request_id: string }>(
      'SELECT reference, request_id FROM agent_orders WHERE plate_number = ANY($1::text[])',
      [plates],
    );
    expect(stored).toEqual([
      { reference, request_id: requestId },
      { reference, request_id: requestId },
    ]);
  });

  it('lists every request for the administrator with order information, payment and the summary strip', async () => {
    const { reference } = await submit({ paymentMethod: 'bank' });
    const response = (await get('/api/admin/requests', cookies.admin ?? '')).json();
    const mine = (response.requests as RequestView[]).find((request) => request.reference === reference);
    expect(mine).toMatchObject({
      applicant: 'Mapalo Daka',
      vehicle: 'Toyota Corolla, registration not yet known',
      quantity: 1,
      quantityLabel: '1 plate',
      status: 'Pending',
      payment: { status: 'pending', method: 'bank' },
      plates: [],
      agent: null,
    });
    expect(mine?.orderInfo).toEqual({
      plateType: 'Standard',
      color: '',
      specialRequests: '',
      deliveryAddress: '9 Great East Road, Lusaka',
      phone: '+260968901234',
      email: 'mapalo@example.zm',
    });
    expect(await requestNamed('Lusaka Freight Ltd')).toMatchObject({
      status: 'Under Review',
      quantityLabel: '3 plates',
      vehicle: 'Isuzu FVR (blue)',
      payment: { status: 'pending', method: 'bank' },
    });
    expect(await requestNamed('Mwila Banda')).toMatchObject({
      status: 'Approved',
      plates: ['ZM-101-ABC'],
      manufacturingStarted: true,
      agent: { id: agentId, name: 'Cairo Road Plates' },
    });
    const statuses = (response.requests as RequestView[]).map((request) => request.status);
    expect(response.summary).toEqual({
      total: statuses.length,
      pending: statuses.filter((s) => s === 'Pending').length,
      approved: statuses.filter((s) => s === 'Approved').length,
      underReview: 1,
      rejected: statuses.filter((s) => s === 'Rejected').length,
    });
    expect(
      response.summary.pending + response.summary.approved + response.summary.underReview + response.summary.rejected,
    ).toBe(response.summary.total);
    expect((await get('/api/admin/requests', cookies.buyer ?? '')).statusCode).toBe(403);
    expect(
      (await get('/api/requests', cookies.buyer ?? ''))
        .json()
        .requests.map((request: RequestView) => request.reference),
    ).toContain(reference);
  });

  it('approves a paid request: unique standard numbers, orders for the least-loaded shop, pulled by its device, applicant told', async () => {
    const { requestId, reference } = await submit({ numberOfPlates: 3 });
    const { outcomes, requests: decided } = await decide([requestId], 'approve');
    expect(outcomes).toEqual([
      {
        requestId,
        ok: true,
        status: 'Approved',
        plates: expect.any(Array),
        agent: { id: agentId, name: 'Cairo Road Plates' },
        decisionId: expect.any(String),
        undoUntil: expect.any(String),
      },
    ]);
    const plates = outcomes[0]?.plates ?? [];
    expect(plates).toHaveLength(3);
    expect(new Set(plates).size).toBe(3);
    for (const plate of plates) {
      expect(plate).toMatch(STANDARD_PLATE_PATTERN);
      expect(isLuckyNumber(plate)).toBe(false);
      expect(
        await db.query(
          'SELECT 1 FROM registered_plates WHERE plate_number = $1 UNION ALL SELECT 1 FROM plate_listings WHERE number = $1',
          [plate],
        ),
      ).toEqual([]);
    }
    expect(decided[0]).toMatchObject({ status: 'Approved', plates: [...plates].sort(), agent: { id: agentId } });

    const orders = (await pullAll(cookies.agent ?? '')).filter(
      (change) => change.entity === 'agentOrder' && plates.includes(String(change.data?.plateNumber)),
    );
    expect(orders).toHaveLength(3);
    expect(orders[0]?.data).toMatchObject({
      agentId,
      customerName: 'Mapalo Daka',
      nrcCheck: { iterations: expect.any(Number), salt: expect.any(String), digest: expect.any(String) },
      status: 'Pending',
      plateType: 'Standard',
      collectionDate: collectionDateAfter(new Date()),
    });

    await passUndoWindows();
    const notifications = (await get('/api/notifications', cookies.buyer ?? '')).json().notifications;
    expect(
      notifications.find(
        (notification: { title: string }) => notification.title === `Application ${reference} / ${requestId} approved`,
      )?.body,
    ).toContain(plates.join(', '));
    expect(
      (await auditRepository(db).recent(20)).find(
        (entry) => entry.action === 'request.approve' && entry.target === requestId,
      ),
    ).toMatchObject({ outcome: 'success', detail: { plates } });
  });

  it('names the order by both references, LP- beside REQ-, in its messages, its payment and Recent Activity', async () => {
    const { requestId, reference } = await submit();
    const pair = `${reference} / ${requestId}`;
    await decide([requestId], 'approve');
    await passUndoWindows();
    const sent = await db.query<{ channel: string; subject: string | null; body: string }>(
      "SELECT channel, subject, body FROM message_outbox WHERE kind = 'request-approved' AND (subject LIKE $1 OR body LIKE $1)",
      [`%${pair}%`],
    );
    expect(sent.map((message) => message.channel)).toContain('email');
    expect(sent.find((message) => message.channel === 'email')?.subject).toBe(`Application ${pair} approved`);
    const mine = (await get('/api/requests', cookies.buyer ?? '')).json().requests as RequestView[];
    expect(mine.find((request) => request.id === requestId)?.reference).toBe(reference);
    const payment = await db.query<{ description: string }>('SELECT description FROM payments WHERE request_id = $1', [
      requestId,
    ]);
    expect(payment[0]?.description).toBe(`Application ${pair} for 1 plate`);
    const dashboard = (await get('/api/admin/dashboard', cookies.admin ?? '')).json();
    expect(dashboard.activity.map((row: { action: string }) => row.action)).toContain(`Plate request ${pair} approved`);
  });

  it('gives the order to the active shop with the fewest pending orders', async () => {
    const second = await userRepository(db).create({
      email: 'kabwe-plates@test.zm',
      name: 'Kabwe Plates',
      passwordHash: 'x',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Active',
      requestedRole: null,
      roles: ['agent'],
      businessName: 'Kabwe Plate Shop',
    });
    const { requestId } = await submit();
    const { outcomes } = await decide([requestId], 'approve');
    expect(outcomes[0]).toMatchObject({ ok: true, agent: { id: second?.id, name: 'Kabwe Plate Shop' } });
    const token = `kabwe-${randomUUID()}`;
    await sessionRepository(db).create(token, second?.id ?? '', new Date(Date.now() + 3600_000));
    const theirs = (await pullAll(`nambala_session=${token}`)).filter((change) => change.entity === 'agentOrder');
    expect(theirs.map((change) => change.data?.plateNumber)).toEqual(outcomes[0]?.plates);
    await db.query("UPDATE users SET status = 'Suspended' WHERE id = $1", [second?.id]);
  });

  it('decides each request of a bulk approval on its own, in the order given, refusing some in the middle', async () => {
    const paid = await submit();
    const unpaid = await submit({ paymentMethod: 'bank' });
    const mwila = await requestNamed('Mwila Banda');
    const bupe = await requestNamed('Bupe Tembo');
    const chileshe = await requestNamed('Chileshe Mwansa');
    const { outcomes } = await decide(
      [paid.requestId, mwila.id, unpaid.requestId, chileshe.id, 'REQ-999', bupe.id],
      'approve',
    );
    expect(outcomes.map((outcome) => [outcome.requestId, outcome.ok, outcome.message ?? outcome.status])).toEqual([
      [paid.requestId, true, 'Approved'],
      [mwila.id, false, REVIEW_MESSAGES.manufacturingStarted],
      [unpaid.requestId, false, REQUEST_NOT_PAID],
      [chileshe.id, false, REVIEW_MESSAGES.alreadyApproved],
      ['REQ-999', false, REQUEST_NOT_FOUND],
      [bupe.id, true, 'Approved'],
    ]);
    expect((await requestNamed('Bupe Tembo')).plates).toHaveLength(2);
    const audited = (await auditRepository(db).recent(50)).filter(
      (entry) => entry.action === 'request.approve' && [mwila.id, unpaid.requestId].includes(entry.target ?? ''),
    );
    expect(audited.map((entry) => entry.outcome)).toEqual(['failure', 'failure']);
  });

  it('rejects with a reason, takes back the numbers and the shop’s orders, and tells each applicant why', async () => {
    const missing = await decide([(await requestNamed('Natasha Zulu')).id], 'reject');
    expect(missing.outcomes[0]).toMatchObject({
      ok: false,
      reason: 'reason-required',
      message: REVIEW_MESSAGES.reasonRequired,
    });

    const approved = await submit({ numberOfPlates: 2 });
    const plates = (await decide([approved.requestId], 'approve')).outcomes[0]?.plates ?? [];
    const before = await pullAll(cookies.agent ?? '');
    const natasha = await requestNamed('Natasha Zulu');
    const { outcomes } = await decide([approved.requestId, natasha.id], 'reject', 'The NRC photo is not readable');
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['Rejected', 'Rejected']);
    expect((await requests()).find((request) => request.id === approved.requestId)).toMatchObject({
      status: 'Rejected',
      plates: [],
      agent: null,
    });

    const after = await pullAll(cookies.agent ?? '');
    const deleted = after
      .slice(before.length)
      .filter((change) => change.entity === 'agentOrder' && change.op === 'delete');
    expect(deleted).toHaveLength(2);
    expect(await db.query('SELECT 1 FROM agent_orders WHERE plate_number = ANY($1::text[])', [plates])).toEqual([]);

    await passUndoWindows();
    const buyerNotes = (await get('/api/notifications', cookies.buyer ?? '')).json().notifications;
    const approvedReference = (await requests()).find((request) => request.id === approved.requestId)?.reference;
    expect(
      buyerNotes.find(
        (note: { title: string }) => note.title === `Application ${approvedReference} / ${approved.requestId} rejected`,
      )?.body,
    ).toMatch(
      /^Your application for 2 plates was rejected\. Reason: The NRC photo is not readable\. Your payment PAY-\d{6} of K\d/,
    );
    const insurer = (await userRepository(db).findCredentials('insurer@nambala.zm'))?.user.id ?? '';
    const token = `insurer-${randomUUID()}`;
    await sessionRepository(db).create(token, insurer, new Date(Date.now() + 3600_000));
    const insurerNotes = (await get('/api/notifications', `nambala_session=${token}`)).json().notifications;
    expect(insurerNotes[0]).toMatchObject({
      kind: 'request-rejected',
      title: `Application ${natasha.reference} / ${natasha.id} rejected`,
    });
    expect(
      (await auditRepository(db).recent(20)).find(
        (entry) => entry.action === 'request.reject' && entry.target === natasha.id,
      )?.detail,
    ).toMatchObject({ reason: 'The NRC photo is not readable' });

    // Approved again after a rejection: fresh numbers, never the released ones.
    const again = (await decide([approved.requestId], 'approve')).outcomes[0]?.plates ?? [];
    expect(again).toHaveLength(2);
    expect(again.some((plate) => plates.includes(plate))).toBe(false);
  });

  it('refuses to approve or reject once manufacturing of a request’s plates has started', async () => {
    const { requestId } = await submit();
    const plates = (await decide([requestId], 'approve')).outcomes[0]?.plates ?? [];
    expect((await manufacture(plates[0] ?? '')).json().results[0].outcome).toBe('applied');
    const rejected = await decide([requestId], 'reject', 'Changed my mind');
    expect(rejected.outcomes[0]).toMatchObject({
      ok: false,
      reason: 'manufacturing-started',
      message: REVIEW_MESSAGES.manufacturingStarted,
    });
    expect((await requests()).find((request) => request.id === requestId)).toMatchObject({
      status: 'Approved',
      manufacturingStarted: true,
    });
    const seeded = await requestNamed('Mwila Banda');
    expect((await decide([seeded.id], 'reject', 'x')).outcomes[0]?.message).toBe(REVIEW_MESSAGES.manufacturingStarted);
  });

  it('refuses an approval when no plate maker is active, changing nothing', async () => {
    const { requestId } = await submit();
    await db.query("UPDATE users SET status = 'Suspended' WHERE id = $1", [agentId]);
    try {
      const { outcomes } = await decide([requestId], 'approve');
      expect(outcomes[0]).toMatchObject({ ok: false, reason: 'no-plate-maker', message: NO_PLATE_MAKER });
      expect((await requests()).find((request) => request.id === requestId)).toMatchObject({
        status: 'Pending',
        plates: [],
      });
    } finally {
      await db.query("UPDATE users SET status = 'Active' WHERE id = $1", [agentId]);
    }
  });

  it('validates the decision body', async () => {
    expect(
      (await post('/api/admin/requests/decide', cookies.admin ?? '', { ids: [], decision: 'approve' })).json().fields,
    ).toEqual({ ids: 'Select at least one request' });
    expect(
      (await post('/api/admin/requests/decide', cookies.admin ?? '', { ids: ['REQ-001'], decision: 'maybe' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/admin/requests/decide', cookies.buyer ?? '', { ids: ['REQ-001'], decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    expect(buyerId).not.toBe('');
  });

  it('makes standard numbers without lucky triples and promises collection after five working days', () => {
    // The first candidate, ZM-111-AAA, is a lucky number (premium stock): it is drawn again.
    const draws = [11, 0, 0, 0, 5, 5, 5, 5];
    expect(randomPlateNumber((max) => (draws.shift() ?? 0) % max)).toBe('ZM-105-FFF');
    expect(collectionDateAfter(new Date('2026-11-20T09:00:00Z'))).toBe('2026-11-27'); // Friday → next Friday
    expect(collectionDateAfter(new Date('2026-11-21T09:00:00Z'))).toBe('2026-11-27'); // Saturday → Friday
    expect(collectionDateAfter(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11-30'); // Monday → next Monday
  });
});
