/**
 * Refunds through the payment provider: a paid application that is rejected is refunded
 * (sandbox: pending, then refunded a few seconds later), the receipt and My Plates & Orders
 * say so with the amount and date, the payer is told, and the administrator's Refunds list
 * shows it; a failed refund (the sandbox's refund test card) is retried. One refund per payment.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { SANDBOX_REFUND_DELAY_MS } from '../../src/server/payments/sandbox-provider';
import { startRefund } from '../../src/server/payments/refunds';
import { releaseDueDecisions } from '../../src/server/applications/decision-undo';
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import { buildTestAppWithDb, cardApplication, postPayingByCard } from './test-app';

const application = (card: string) => cardApplication({ card: { number: card } });

interface RefundView {
  id: string;
  reference: string;
  status: string;
  amount: number;
  reason: string;
  settledAt: string | null;
  attempts?: number;
  failureReason?: string | null;
  paymentReference?: string;
}

describe('refunds', () => {
  let app: FastifyInstance;
  let db: Database;
  let offsetMs = 0;
  const cookies: Record<string, string> = {};

  const signIn = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  };
  const get = (url: string, cookie = cookies.buyer ?? '') => app.inject({ method: 'GET', url, headers: { cookie } });
  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, payload: object | undefined, cookie = cookies.admin ?? '') =>
    payload
      ? postPayingByCard(app, url, cookie, payload as Record<string, unknown>)
      : app.inject({ method: 'POST', url, headers: { cookie } });
  const later = () => {
    offsetMs += SANDBOX_REFUND_DELAY_MS + 1000;
  };

  /** A paid application of the buyer's, rejected by the administrator: its request and payment ids. */
  async function paidThenRejected(card = '4242 4242 4242 4242') {
    const submitted = await post('/api/applications', application(card), cookies.buyer);
    expect(submitted.statusCode).toBe(201);
    const { requestId, reference, payment } = submitted.json() as {
      requestId: string;
      reference: string;
      payment: { id: string; status: string; amount: number };
    };
    expect(payment.status).toBe('approved');
    const decided = await post('/api/admin/requests/decide', {
      ids: [requestId],
      decision: 'reject',
      reason: 'The photo of the whitebook is not readable',
    });
    expect(decided.statusCode).toBe(200);
    // The refund starts once the rejection can no longer be undone (docs/decisions/069-undo-a-decision.md).
    offsetMs += UNDO_WINDOW_MS;
    await releaseDueDecisions(db, new Date(Date.now() + offsetMs));
    await receipt(payment.id); // sends it to the provider, as the server's job does after releasing it
    return { requestId, reference, payment };
  }

  const receipt = async (paymentId: string) =>
    (await get(`/api/payments/${paymentId}`)).json().payment as { status: string; refund: RefundView | null };

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true, now: () => new Date(Date.now() + offsetMs) }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(() => app.close());

  it('the demo’s rejected, paid application LP-000001 reads refunded on its receipt, with amount and date', async () => {
    const { payments } = (await get('/api/payments')).json() as {
      payments: Array<{ reference: string; description: string; amount: number; refund: RefundView | null }>;
    };
    const rejected = payments.find((payment) => payment.description.includes('LP-000001'));
    expect(rejected?.refund).toMatchObject({
      status: 'refunded',
      amount: rejected?.amount,
      reason: 'application-rejected',
      settledAt: expect.any(String),
    });
  });

  it('rejecting a paid application refunds it: pending, then refunded, shown on the receipt and in My Plates & Orders, and the buyer is told', async () => {
    const { payment, reference } = await paidThenRejected();
    const pending = await receipt(payment.id);
    expect(pending.status).toBe('approved');
    expect(pending.refund).toMatchObject({ status: 'pending', amount: payment.amount, settledAt: null });

    const orders = (await get('/api/me/orders')).json().orders as Array<{
      reference: string;
      payment: { refund: RefundView | null } | null;
    }>;
    expect(orders.find((order) => order.reference === reference)?.payment?.refund).toMatchObject({
      status: 'pending',
      amount: payment.amount,
    });

    later();
    const done = await receipt(payment.id);
    expect(done.refund).toMatchObject({ status: 'refunded', amount: payment.amount, settledAt: expect.any(String) });
    const notes = (await get('/api/notifications')).json().notifications as Array<{ title: string; body: string }>;
    const refundRef = done.refund?.reference ?? '';
    expect(notes.find((note) => note.title === `Refund ${refundRef} made`)?.body).toMatch(/has been refunded: K\d/);
    // The title names both references of the order (LP- / REQ-).
    const rejected = notes.find((note) => note.title.startsWith(`Application ${reference} / REQ-`));
    expect(rejected?.title).toMatch(/ rejected$/);
    expect(rejected?.body).toContain(`refund ${refundRef}`);

    const list = (await get('/api/admin/refunds', cookies.admin)).json().refunds as RefundView[];
    expect(list.find((refund) => refund.reference === refundRef)).toMatchObject({
      status: 'refunded',
      amount: payment.amount,
      attempts: 1,
    });
  });

  it('starts one refund per payment, however often it is asked for', async () => {
    const { payment, requestId } = await paidThenRejected();
    // Rejected again (a decision may be made again until manufacturing starts): still one refund.
    await post('/api/admin/requests/decide', { ids: [requestId], decision: 'reject', reason: 'Again' });
    const first = await receipt(payment.id);
    const again = await db.transaction((tx) =>
      startRefund(tx, { paymentId: payment.id, reason: 'order-cancelled', at: new Date() }),
    );
    expect(again?.id).toBe(first.refund?.id);
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refunds WHERE payment_id = $1',
      [payment.id],
    );
    expect(n).toBe(1);
  });

  it('a failed refund is shown failed and retried by the administrator, then refunded', async () => {
    const { payment } = await paidThenRejected('4000 0000 0000 5126');
    later();
    const failed = (await receipt(payment.id)).refund;
    expect(failed).toMatchObject({ status: 'failed' });
    const listed = ((await get('/api/admin/refunds?status=failed', cookies.admin)).json().refunds as RefundView[]).find(
      (refund) => refund.id === failed?.id,
    );
    expect(listed?.failureReason).toMatch(/refused the refund/);

    expect((await post(`/api/admin/refunds/${failed?.id}/retry`, undefined, cookies.buyer)).statusCode).toBe(403);
    const retried = await post(`/api/admin/refunds/${failed?.id}/retry`, undefined);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: 'pending', attempts: 2 });
    const twice = await post(`/api/admin/refunds/${failed?.id}/retry`, undefined);
    expect(twice.statusCode).toBe(409);

    later();
    expect((await receipt(payment.id)).refund).toMatchObject({ status: 'refunded' });
    expect((await post(`/api/admin/refunds/${failed?.id}/retry`, undefined)).statusCode).toBe(409);
  });

  it('Reports count the refunds made in the period, how much, and those still open', async () => {
    const made = (await get('/api/admin/refunds?status=refunded', cookies.admin)).json().refunds as RefundView[];
    const recent = made.filter((refund) => refund.settledAt && Date.parse(refund.settledAt) > Date.now() - 86_400_000);
    const report = (await get('/api/admin/reports?period=last7days', cookies.admin)).json();
    expect(report.refunds).toMatchObject({
      made: recent.length,
      amount: recent.reduce((sum, refund) => sum + refund.amount, 0),
      failed: 0,
    });
    expect(report.refunds.made).toBeGreaterThanOrEqual(3);
  });

  it('the administrator cancels a marketplace order before manufacturing: the plate is for sale again and the purchase refunded; not once it is being made', async () => {
    const buyOne = async () => {
      const listings = (await get('/api/listings')).json().listings as Array<{
        id: string;
        status: string;
        number: string;
      }>;
      const listing = listings.filter((candidate) => candidate.status === 'Available').at(-1);
      if (!listing) throw new Error('no plate for sale');
      const bought = await post(
        `/api/listings/${listing.id}/buy`,
        {
          idempotencyKey: randomUUID(),
          method: 'card',
          card: { number: '4242 4242 4242 4242' },
          ownerName: 'Mwila Banda',
          ownerNrc: '123456/78/9',
        },
        cookies.buyer,
      );
      expect(bought.statusCode).toBe(201);
      return { listing, ...(bought.json() as { order: { id: string }; payment: { id: string; amount: number } }) };
    };
    const { listing, order, payment } = await buyOne();
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: '  ' })).statusCode).toBe(400);
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'x' }, cookies.buyer)).statusCode).toBe(403);
    const cancelled = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'The seller withdrew the number' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      order: { id: order.id, status: 'Cancelled' },
      refund: { status: 'pending', amount: payment.amount, reason: 'order-cancelled' },
    });
    const again = (await get('/api/listings')).json().listings.find((row: { id: string }) => row.id === listing.id);
    expect(again.status).toBe('Available');
    expect((await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Again' })).statusCode).toBe(409);
    const notes = (await get('/api/notifications')).json().notifications as Array<{ title: string; body: string }>;
    expect(notes.find((note) => note.title === `Order ${order.id} cancelled`)?.body).toMatch(
      /will be refunded \(refund REF-\d{6}\)/,
    );
    later();
    expect((await receipt(payment.id)).refund).toMatchObject({ status: 'refunded' });

    // Bought again, and a shop records making it: the order can no longer be cancelled.
    const second = await buyOne();
    const [agent] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@nambala.zm'");
    await db.query(
      `INSERT INTO manufacturing_records (id, agent_id, plate_number, status, batch_number, production_date)
       VALUES ($1, $2, $3, 'In Production', 'B-1', '2026-01-01')`,
      [randomUUID(), agent?.id, second.listing.number],
    );
    const refused = await post(`/api/admin/orders/${second.order.id}/cancel`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Manufacturing of this plate has started; the order can no longer be cancelled.',
    );
    expect((await post('/api/admin/orders/PO-999999/cancel', { reason: 'x' })).statusCode).toBe(404);
  });

  it('a bank transfer marked received after its plate was sold to another buyer is refunded through the provider (late approval)', async () => {
    const listings = (await get('/api/listings')).json().listings as Array<{ id: string; status: string }>;
    const listing = listings.find((candidate) => candidate.status === 'Available');
    if (!listing) throw new Error('no plate for sale');
    const started = await post(
      `/api/listings/${listing.id}/reserve`,
      { idempotencyKey: randomUUID(), method: 'bank' },
      cookies.buyer,
    );
    expect(started.statusCode).toBe(201);
    const transfer = started.json().payment as { id: string; amount: number };
    // The three-day hold lapses; another buyer takes the plate.
    offsetMs += 4 * 86_400_000;
    const sold = await post(
      `/api/listings/${listing.id}/buy`,
      {
        idempotencyKey: randomUUID(),
        method: 'card',
        card: { number: '4242 4242 4242 4242' },
        ownerName: 'Chanda Mulenga',
        ownerNrc: '234567/89/1',
      },
      cookies.admin,
    );
    expect(sold.json().payment.status).toBe('approved');
    const received = await post(`/api/admin/payments/${transfer.id}/received`, {});
    expect(received.statusCode).toBe(200);
    const late = await receipt(transfer.id);
    expect(late).toMatchObject({
      status: 'approved',
      refund: { status: 'pending', reason: 'late-approval', amount: transfer.amount },
    });
    later();
    expect((await receipt(transfer.id)).refund).toMatchObject({ status: 'refunded' });
  });

  it('answers 400 for an unknown status filter and 404 for an unknown refund', async () => {
    expect((await get('/api/admin/refunds?status=lost', cookies.admin)).statusCode).toBe(400);
    expect((await post('/api/admin/refunds/nope/retry', undefined)).statusCode).toBe(404);
  });
});
