/**
 * The Payments page and the receipt read the device's copy of the user's payments, which the
 * sync brings from GET /api/payments: with the network off they still show, as of that sync.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../../../../src/domain/payments/receipt';
import { asOfLastSync } from '../../../../src/app/payments/payment-rows';
import {
  readMyPayment,
  readMyPayments,
  readPaymentsPulledAt,
  shownPayment,
} from '../../../../src/app/features/user-payments/use-my-payments';
import { NambalaDatabase } from '../../../../src/app/store/database';
import { pullAccountData } from '../../../../src/app/sync/pull';
import type { SessionUser } from '../../../../src/app/session/session-store';

const buyer: SessionUser = {
  id: 'USR-004',
  name: 'Mwila',
  email: 'mwila@example.zm',
  status: 'Active',
  userType: 'Customer',
  roles: ['buyer'],
  requestedRole: null,
  businessName: null,
};

function receipt(id: string, overrides: Partial<Receipt> = {}): Receipt {
  return {
    id,
    reference: `PAY-${id.padStart(6, '0')}`,
    status: 'approved',
    purpose: 'application',
    description: 'Application LP-000002 for 1 plate',
    method: 'card',
    methodName: 'Credit/Debit Card',
    amount: 31_900,
    currency: 'ZMW',
    lines: [{ label: 'Plates', amount: 30_000, kind: 'plates' }],
    listingId: null,
    requestId: 'REQ-002',
    payerPhone: null,
    card: { brand: 'Visa', last4: '4242' },
    declineReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    settledAt: '2026-11-20T10:00:01.000Z',
    expiresAt: null,
    instructions: null,
    refundDue: false,
    provider: 'sandbox',
    ...overrides,
  };
}

function serve(payments: Receipt[]) {
  const routes: Record<string, unknown> = {
    '/api/notifications': { notifications: [] },
    '/api/me/orders': { orders: [] },
    '/api/payments': { payments },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (path: string) =>
        new Response(JSON.stringify(routes[path] ?? {}), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

describe('the payments on this device', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('has no copy and no sync time before the first sync', async () => {
    expect(await readMyPayments(database)).toEqual([]);
    expect(await readMyPayment(database, '1')).toBeNull();
    expect(await readPaymentsPulledAt(database)).toBeNull();
  });

  it('reads the payments and each receipt the sync brought, newest first, with the network off', async () => {
    const older = receipt('1', { createdAt: '2026-11-01T08:00:00.000Z' });
    const newer = receipt('2', {
      createdAt: '2026-11-21T08:00:00.000Z',
      status: 'pending',
      method: 'bank',
      methodName: 'Bank Transfer',
      card: null,
      instructions: 'Transfer quoting PAY-000002.',
    });
    serve([older, newer]);
    const before = Date.now();
    await pullAccountData(database, buyer);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await readMyPayments(database)).map((payment) => payment.reference)).toEqual(['PAY-000002', 'PAY-000001']);
    expect(await readMyPayment(database, '2')).toEqual({ ...newer, syncState: 'synced' });
    const pulledAt = await readPaymentsPulledAt(database);
    expect(pulledAt).toBeGreaterThanOrEqual(before);
  });

  it('drops a payment the server no longer lists at the next sync', async () => {
    serve([receipt('1'), receipt('2')]);
    await pullAccountData(database, buyer);
    serve([receipt('2')]);
    await pullAccountData(database, buyer);
    expect((await readMyPayments(database)).map((payment) => payment.id)).toEqual(['2']);
  });
});

describe('shownPayment', () => {
  const pending = receipt('7', { status: 'pending', settledAt: null });

  it('shows the live answer once a payment the device holds as pending has settled', () => {
    const approved = receipt('7');
    expect(shownPayment(pending, approved)).toBe(approved);
  });

  it('keeps the device’s copy while the live answer says nothing new, or is about another payment', () => {
    expect(shownPayment(pending, null)).toBe(pending);
    expect(shownPayment(pending, { ...pending })).toBe(pending);
    expect(shownPayment(pending, receipt('8'))).toBe(pending);
  });

  it('keeps the device’s copy once the sync has brought the settled payment', () => {
    const synced = receipt('7', { status: 'declined', declineReason: 'Insufficient funds' });
    expect(shownPayment(synced, receipt('7', { status: 'declined' }))).toBe(synced);
  });
});

describe('asOfLastSync', () => {
  it('says when the device last brought the payments', () => {
    const text = asOfLastSync(Date.parse('2026-11-24T13:40:00.000Z'));
    expect(text).toMatch(/^As of 24 Nov 2026, \d{2}:\d{2}$/);
  });
});
