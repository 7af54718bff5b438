/**
 * Undoing approve and reject on Plate Requests (docs/decisions/069-undo-a-decision.md): inside
 * the window the request goes back exactly as it was (status, numbers back where they came
 * from, no orders, nothing held) and the applicant hears nothing and is refunded nothing; after
 * the window, after manufacturing, by a non-administrator, or twice, the undo is refused in
 * words; once the window has passed the messages and the refund go out.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_MESSAGES, UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import type { Database } from '../../src/server/db/database';
import { releaseDueDecisions } from '../../src/server/applications/decision-undo';
import { auditRepository } from '../../src/server/repositories/audit-repository';
import { blanksOf, plateBlanks } from './shop-orders';
import { applicationBody, buildTestAppWithDb, payOnCardPage } from './test-app';

interface Outcome {
  requestId: string;
  ok: boolean;
  status?: string;
  plates?: string[];
  decisionId?: string;
  undoUntil?: string;
  message?: string;
}

describe('undoing a decision on a plate request', () => {
  let app: FastifyInstance;
  let db: Database;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  const cookies: Record<string, string> = {};

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  async function submit(overrides: object = {}) {
    const response = await post('/api/applications', cookies.buyer ?? '', applicationBody(overrides));
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { requestId: string; payment: { id: string; checkoutUrl?: string | null } };
    if (answer.payment.checkoutUrl)
      await payOnCardPage(app, answer.payment.checkoutUrl, '4242 4242 4242 4242', { cookie: cookies.buyer ?? '' });
    return answer;
  }
  async function decide(id: string, decision: 'approve' | 'reject'): Promise<Outcome> {
    const response = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [id],
      decision,
      ...(decision === 'reject' ? { reason: 'The whitebook photo is not readable' } : {}),
    });
    expect(response.statusCode).toBe(200);
    const outcome = (response.json() as { outcomes: Outcome[] }).outcomes[0];
    expect(outcome).toMatchObject({ ok: true, decisionId: expect.any(String), undoUntil: expect.any(String) });
    return outcome as Outcome;
  }
  const undo = (decisionId: string, cookie = cookies.admin ?? '') =>
    post('/api/admin/requests/undo', cookie, { decisionIds: [decisionId] });
  const requestRow = async (id: string) =>
    (
      await db.query<{
        status: string;
        agent_id: string | null;
        decided_at: Date | null;
        rejection_reason: string | null;
      }>('SELECT status, agent_id, decided_at, rejection_reason FROM plate_requests WHERE id = $1', [id])
    )[0];
  const count = async (sql: string, params: unknown[]) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS q`, params))[0]?.n ?? -1;
  /** The applicant's notifications and messages (email, and SMS where they have a phone) naming the request. */
  const toldOf = (requestId: string, kind: string) =>
    count(
      `SELECT 1 FROM message_outbox m JOIN plate_requests r ON r.applicant_id = m.user_id
       WHERE r.id = $1 AND m.kind = $2 AND (m.subject LIKE '%' || r.id || '%' OR m.body LIKE '%' || r.id || '%')
       UNION ALL SELECT 1 FROM notifications n JOIN plate_requests r ON r.applicant_id = n.user_id
       WHERE r.id = $1 AND n.kind = $2 AND n.title LIKE '%' || r.id || '%'`,
      [requestId, kind],
    );
  const refundsOf = (paymentId: string) => count('SELECT 1 FROM refunds WHERE payment_id = $1', [paymentId]);

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true, now }));
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
  }, 60_000);
  afterAll(() => app.close());
  beforeEach(() => {
    offsetMs = 0;
  });

  it('puts an approved request back as it was: status, numbers free again, a chosen one still held, no orders', async () => {
    const { requestId } = await submit({ numberOfPlates: 2, plateNumbers: ['ZM-611-UND'] });
    const before = await requestRow(requestId);
    const approved = await decide(requestId, 'approve');
    expect(approved.plates).toContain('ZM-611-UND');
    const random = (approved.plates ?? []).filter((plate) => plate !== 'ZM-611-UND');
    expect(Date.parse(approved.undoUntil ?? '') - now().getTime()).toBeGreaterThan(UNDO_WINDOW_MS - 10_000);

    offsetMs = 60_000;
    const undone = await undo(approved.decisionId ?? '');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().requests[0]).toMatchObject({ id: requestId, status: before?.status, plates: [], agent: null });
    expect(await requestRow(requestId)).toEqual(before);
    expect(await count('SELECT 1 FROM request_plates WHERE request_id = $1', [requestId])).toBe(0);
    expect(await count('SELECT 1 FROM agent_orders WHERE request_id = $1', [requestId])).toBe(0);
    expect(await count('SELECT 1 FROM plates WHERE source_ref = $1', [requestId])).toBe(0);
    // The random number is free for anyone again; the chosen one is held for this request, as before.
    expect(
      await count(
        `SELECT 1 FROM request_plates WHERE plate_number = ANY($1::text[]) UNION ALL SELECT 1 FROM number_holds WHERE plate_number = ANY($1::text[])`,
        [random],
      ),
    ).toBe(0);
    expect(await db.query('SELECT request_id FROM number_holds WHERE plate_number = $1', ['ZM-611-UND'])).toEqual([
      { request_id: requestId },
    ]);
    const audited = (await auditRepository(db).recent(30)).filter((entry) => entry.target === requestId);
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['request.approve', 'request.undo-approve']),
    );

    // The window passes: the applicant never hears of the undone approval.
    offsetMs = UNDO_WINDOW_MS + 60_000;
    await releaseDueDecisions(db, now());
    expect(await toldOf(requestId, 'request-approved')).toBe(0);
    offsetMs = 0;
  });

  it('puts a rejected paid request back, its chosen number held again, and never refunds it or tells the applicant', async () => {
    const { requestId, payment } = await submit({ plateNumbers: ['ZM-612-UND'] });
    const before = await requestRow(requestId);
    const rejected = await decide(requestId, 'reject');
    expect(await count('SELECT 1 FROM number_holds WHERE plate_number = $1', ['ZM-612-UND'])).toBe(0);
    expect(await refundsOf(payment.id)).toBe(0);
    expect((await undo(rejected.decisionId ?? '')).statusCode).toBe(200);
    expect(await requestRow(requestId)).toEqual(before);
    expect(await db.query('SELECT request_id FROM number_holds WHERE plate_number = $1', ['ZM-612-UND'])).toEqual([
      { request_id: requestId },
    ]);
    offsetMs = UNDO_WINDOW_MS + 1000;
    await releaseDueDecisions(db, now());
    expect(await refundsOf(payment.id)).toBe(0);
    expect(await toldOf(requestId, 'request-rejected')).toBe(0);
    offsetMs = 0;
  });

  it('holds the applicant’s messages and the refund until the window has passed, then sends them', async () => {
    const approvedRequest = await submit();
    const rejectedRequest = await submit();
    await decide(approvedRequest.requestId, 'approve');
    await decide(rejectedRequest.requestId, 'reject');

    offsetMs = UNDO_WINDOW_MS - 1000;
    await releaseDueDecisions(db, now());
    expect(await toldOf(approvedRequest.requestId, 'request-approved')).toBe(0);
    expect(await toldOf(rejectedRequest.requestId, 'request-rejected')).toBe(0);
    expect(await refundsOf(rejectedRequest.payment.id)).toBe(0);

    offsetMs = UNDO_WINDOW_MS + 1000;
    expect(await releaseDueDecisions(db, now())).toBeGreaterThanOrEqual(2);
    const told = await toldOf(approvedRequest.requestId, 'request-approved');
    // The notification and at least its email.
    expect(told).toBeGreaterThanOrEqual(2);
    expect(await toldOf(rejectedRequest.requestId, 'request-rejected')).toBe(told);
    expect(await refundsOf(rejectedRequest.payment.id)).toBe(1);
    const [note] = await db.query<{ body: string }>(
      "SELECT n.body FROM notifications n JOIN plate_requests r ON r.applicant_id = n.user_id WHERE r.id = $1 AND n.kind = 'request-rejected' AND n.title LIKE '%' || r.reference || '%'",
      [rejectedRequest.requestId],
    );
    expect(note?.body).toMatch(/will be refunded: refund REF-\d{6} of K/);
    // Released once: a second run sends nothing again.
    await releaseDueDecisions(db, now());
    expect(await toldOf(approvedRequest.requestId, 'request-approved')).toBe(told);
  });

  it('refuses an undo after the window, after manufacturing started, twice, by a non-administrator, or of an unknown decision', async () => {
    const late = await decide((await submit()).requestId, 'approve');
    offsetMs = UNDO_WINDOW_MS;
    const afterWindow = await undo(late.decisionId ?? '');
    expect(afterWindow.statusCode).toBe(409);
    expect(afterWindow.json().message).toContain(UNDO_MESSAGES.windowPassed);
    offsetMs = 0;

    const made = await decide((await submit()).requestId, 'approve');
    const pushed = await post('/api/sync/push', cookies.agent ?? '', {
      clientId: 'shop-tablet',
      mutations: [
        {
          id: randomUUID(),
          intent: 'recordManufacturing',
          payload: {
            id: randomUUID(),
            plateNumber: made.plates?.[0],
            status: 'In Production',
            batchNumber: 'B-UNDO-01',
            productionDate: now().toISOString().slice(0, 10),
            notes: '',
            ...blanksFor(made.plates?.[0] ?? ''),
          },
        },
      ],
    });
    expect(pushed.json().results[0].outcome).toBe('applied');
    const afterMaking = await undo(made.decisionId ?? '');
    expect(afterMaking.statusCode).toBe(409);
    expect(afterMaking.json().message).toBe(
      `${afterMaking.json().message.split(':')[0]}: ${UNDO_MESSAGES.manufacturingStarted}`,
    );
    expect((await requestRow(made.requestId))?.status).toBe('Approved');

    const { requestId } = await submit();
    const once = await decide(requestId, 'approve');
    expect((await undo(once.decisionId ?? '', cookies.buyer)).statusCode).toBe(403);
    expect((await undo(once.decisionId ?? '', cookies.agent)).statusCode).toBe(403);
    expect((await requestRow(requestId))?.status).toBe('Approved');
    expect((await undo(once.decisionId ?? '')).statusCode).toBe(200);
    const twice = await undo(once.decisionId ?? '');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain(UNDO_MESSAGES.alreadyUndone);

    const unknown = await undo('no-such-decision');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(UNDO_MESSAGES.notFound);
    expect((await post('/api/admin/requests/undo', cookies.admin ?? '', { decisionIds: [] })).statusCode).toBe(400);
  });

  it('makes a rejection that takes back an approval’s plates final: no Undo offered, the applicant told at once', async () => {
    const { requestId, payment } = await submit();
    await decide(requestId, 'approve');
    offsetMs = UNDO_WINDOW_MS + 1000;
    await releaseDueDecisions(db, now());
    const response = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [requestId],
      decision: 'reject',
      reason: 'Registered in error',
    });
    const [outcome] = (response.json() as { outcomes: Outcome[] }).outcomes;
    expect(outcome).toMatchObject({ ok: true, status: 'Rejected' });
    expect(outcome?.decisionId).toBeUndefined();
    expect(await toldOf(requestId, 'request-rejected')).toBeGreaterThanOrEqual(2);
    expect(await refundsOf(payment.id)).toBe(1);
  });

  it('tells only the later decision when a request is decided again inside the window, and the earlier one again if that is undone', async () => {
    const { requestId, payment } = await submit();
    const rejected = await decide(requestId, 'reject');
    const approved = await decide(requestId, 'approve');
    const replaced = await undo(rejected.decisionId ?? '');
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toContain(UNDO_MESSAGES.superseded);
    expect((await undo(approved.decisionId ?? '')).statusCode).toBe(200);
    expect((await requestRow(requestId))?.status).toBe('Rejected');
    offsetMs = UNDO_WINDOW_MS + 1000;
    await releaseDueDecisions(db, now());
    expect(await toldOf(requestId, 'request-approved')).toBe(0);
    expect(await toldOf(requestId, 'request-rejected')).toBeGreaterThanOrEqual(2);
    expect(await refundsOf(payment.id)).toBe(1);
    offsetMs = 0;
  });
});
