import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findOrders,
  decide,
  decideMany,
  DEFAULT_REQUEST_FILTERS,
  filterRequests,
  MAX_REJECTION_REASON_LENGTH,
  quantityLabel,
  requestQrLink,
  requestSummary,
} from '#domain/applications/review';
import type { ReviewedApplication, RequestFilters } from '#domain/applications/review';
import { searchFinds } from '#domain/orders/order-references';
import { REQUEST_STATUSES } from '#domain/statuses/statuses';
import type { RequestStatus } from '#domain/statuses/statuses';

const ORDER = {
  plateType: 'Standard',
  color: 'White',
  specialRequests: '',
  deliveryAddress: 'Plot 12, Cairo Road, Lusaka',
  phone: '+260971234567',
  email: 'john@example.com',
};

function request(id: string, status: RequestStatus, overrides: Partial<ReviewedApplication> = {}): ReviewedApplication {
  return {
    id,
    applicant: 'John Banda',
    vehicle: 'Toyota Corolla',
    date: '2026-11-20',
    status,
    quantity: 2,
    orderInfo: ORDER,
    ...overrides,
  };
}

const SAMPLE: readonly ReviewedApplication[] = [
  request('REQ-001', 'Pending', { applicant: 'John Banda', vehicle: 'Toyota Corolla' }),
  request('REQ-002', 'Approved', { applicant: 'Mary Phiri', vehicle: 'Nissan NP200' }),
  request('REQ-003', 'Under Review', { applicant: 'Peter Mwale', vehicle: 'Isuzu D-Max' }),
  request('REQ-004', 'Rejected', { applicant: 'Grace Tembo', vehicle: 'Toyota Hilux' }),
  request('REQ-005', 'Pending', { applicant: 'Chanda Mulenga', vehicle: 'Honda Fit' }),
];

const notStarted = { manufacturingStarted: false };

describe('decide', () => {
  it('approves a request from any status but Approved', () => {
    for (const status of ['Pending', 'Under Review', 'Rejected'] as const) {
      expect(decide({ status }, 'approve', notStarted)).toEqual({
        ok: true,
        status: 'Approved',
        rejectionReason: null,
      });
    }
  });

  it('refuses to approve an Approved request', () => {
    expect(decide({ status: 'Approved' }, 'approve', notStarted)).toEqual({
      ok: false,
      reason: 'already-approved',
      message: 'This request is already approved.',
    });
  });

  it('rejects with the reason given, trimmed, from any status but Rejected', () => {
    for (const status of ['Pending', 'Under Review', 'Approved'] as const) {
      expect(
        decide({ status }, 'reject', { manufacturingStarted: false, reason: '  Vehicle not registered  ' }),
      ).toEqual({
        ok: true,
        status: 'Rejected',
        rejectionReason: 'Vehicle not registered',
      });
    }
  });

  it('refuses to reject a Rejected request', () => {
    expect(decide({ status: 'Rejected' }, 'reject', { manufacturingStarted: false, reason: 'Again' })).toEqual({
      ok: false,
      reason: 'already-rejected',
      message: 'This request is already rejected.',
    });
  });

  it('refuses any decision once manufacturing has started', () => {
    const refusal = {
      ok: false,
      reason: 'manufacturing-started',
      message: 'Manufacturing of this request has started; it can no longer be approved or rejected.',
    };
    expect(decide({ status: 'Approved' }, 'reject', { manufacturingStarted: true, reason: 'Changed my mind' })).toEqual(
      refusal,
    );
    expect(decide({ status: 'Pending' }, 'approve', { manufacturingStarted: true })).toEqual(refusal);
    expect(decide({ status: 'Approved' }, 'approve', { manufacturingStarted: true })).toEqual(refusal);
  });

  it('needs a reason to reject', () => {
    const refusal = { ok: false, reason: 'reason-required', message: 'Please give a reason for the rejection' };
    expect(decide({ status: 'Pending' }, 'reject', notStarted)).toEqual(refusal);
    expect(decide({ status: 'Pending' }, 'reject', { manufacturingStarted: false, reason: '   ' })).toEqual(refusal);
  });

  it('takes a reason of up to 500 characters, counting an emoji as one', () => {
    const longest = 'x'.repeat(MAX_REJECTION_REASON_LENGTH);
    expect(decide({ status: 'Pending' }, 'reject', { manufacturingStarted: false, reason: longest })).toMatchObject({
      ok: true,
    });
    expect(
      decide({ status: 'Pending' }, 'reject', { manufacturingStarted: false, reason: '🚗'.repeat(500) }),
    ).toMatchObject({ ok: true });
    expect(decide({ status: 'Pending' }, 'reject', { manufacturingStarted: false, reason: `${longest}y` })).toEqual({
      ok: false,
      reason: 'reason-too-long',
      message: 'The reason must be at most 500 characters',
    });
  });

  it('ignores a reason given with an approval', () => {
    expect(decide({ status: 'Pending' }, 'approve', { manufacturingStarted: false, reason: 'Looks fine' })).toEqual({
      ok: true,
      status: 'Approved',
      rejectionReason: null,
    });
  });
});

describe('decideMany', () => {
  it('judges each request on its own, in the order given', () => {
    const outcomes = decideMany(SAMPLE, 'approve', { manufacturingStartedIds: new Set(['REQ-005']) });
    expect(outcomes.map((o) => [o.requestId, o.outcome.ok ? o.outcome.status : o.outcome.reason])).toEqual([
      ['REQ-001', 'Approved'],
      ['REQ-002', 'already-approved'],
      ['REQ-003', 'Approved'],
      ['REQ-004', 'Approved'],
      ['REQ-005', 'manufacturing-started'],
    ]);
  });

  it('gives every request of a bulk rejection the same reason', () => {
    const outcomes = decideMany(SAMPLE.slice(0, 2), 'reject', {
      manufacturingStartedIds: new Set(),
      reason: 'Incomplete documents',
    });
    expect(outcomes).toEqual([
      { requestId: 'REQ-001', outcome: { ok: true, status: 'Rejected', rejectionReason: 'Incomplete documents' } },
      { requestId: 'REQ-002', outcome: { ok: true, status: 'Rejected', rejectionReason: 'Incomplete documents' } },
    ]);
  });

  it('refuses each request of a bulk rejection without a reason', () => {
    const outcomes = decideMany(SAMPLE, 'reject', { manufacturingStartedIds: new Set() });
    expect(outcomes.map((o) => o.outcome.ok || o.outcome.reason)).toEqual([
      'reason-required',
      'reason-required',
      'reason-required',
      'already-rejected',
      'reason-required',
    ]);
  });

  it('returns nothing for an empty selection', () => {
    expect(decideMany([], 'approve', { manufacturingStartedIds: new Set() })).toEqual([]);
  });
});

describe('quantityLabel', () => {
  it('says plate for one and plates otherwise', () => {
    expect(quantityLabel(1)).toBe('1 plate');
    expect(quantityLabel(2)).toBe('2 plates');
    expect(quantityLabel(0)).toBe('0 plates');
    expect(quantityLabel(10)).toBe('10 plates');
  });
});

describe('filterRequests', () => {
  const ids = (requests: readonly ReviewedApplication[]) => requests.map((r) => r.id);
  const filters = (overrides: Partial<RequestFilters>): RequestFilters => ({
    ...DEFAULT_REQUEST_FILTERS,
    ...overrides,
  });

  it('keeps everything with no search and status all', () => {
    expect(ids(filterRequests(SAMPLE, DEFAULT_REQUEST_FILTERS))).toEqual([
      'REQ-001',
      'REQ-002',
      'REQ-003',
      'REQ-004',
      'REQ-005',
    ]);
  });

  it('searches applicant, id and vehicle case-insensitively', () => {
    expect(ids(filterRequests(SAMPLE, filters({ search: 'mary' })))).toEqual(['REQ-002']);
    expect(ids(filterRequests(SAMPLE, filters({ search: 'req-003' })))).toEqual(['REQ-003']);
    expect(ids(filterRequests(SAMPLE, filters({ search: 'TOYOTA' })))).toEqual(['REQ-001', 'REQ-004']);
    expect(ids(filterRequests(SAMPLE, filters({ search: '  honda ' })))).toEqual(['REQ-005']);
  });

  it('does not search other fields', () => {
    expect(filterRequests(SAMPLE, filters({ search: 'Cairo Road' }))).toEqual([]);
    expect(filterRequests(SAMPLE, filters({ search: 'Pending' }))).toEqual([]);
  });

  it('filters by status and combines it with the search', () => {
    expect(ids(filterRequests(SAMPLE, filters({ status: 'Pending' })))).toEqual(['REQ-001', 'REQ-005']);
    expect(ids(filterRequests(SAMPLE, filters({ status: 'Rejected', search: 'toyota' })))).toEqual(['REQ-004']);
    expect(filterRequests(SAMPLE, filters({ status: 'Approved', search: 'toyota' }))).toEqual([]);
  });
});

describe('requestSummary', () => {
  it('counts the total, pending, approved and under-review requests', () => {
    expect(requestSummary(SAMPLE)).toEqual({ total: 5, pending: 2, approved: 1, underReview: 1, rejected: 1 });
    expect(requestSummary([])).toEqual({ total: 0, pending: 0, approved: 0, underReview: 0, rejected: 0 });
  });

  it('counts every status, Rejected too, so the figures add up to the total', () => {
    const summary = requestSummary(SAMPLE);
    expect(summary.pending + summary.approved + summary.underReview + summary.rejected).toBe(summary.total);
  });
});

describe('the search by any reference or owner detail', () => {
  const listed = {
    ...request('REQ-009', 'Pending', { applicant: 'Mutale Zulu', vehicle: 'Mazda Demio' }),
    reference: 'LP-000009',
    nrcNumber: '123456/78/1',
    plates: ['ZM 777 AB'],
    orderInfo: { ...ORDER, phone: '+260971234567', email: 'mutale@example.zm' },
  };
  const find = (search: string) => filterRequests([listed], { search, status: 'all' }).map((r) => r.id);

  it("finds a request by the buyer's LP- reference as well as its Request ID", () => {
    expect(find('LP-000009')).toEqual(['REQ-009']);
    expect(find('lp000009')).toEqual(['REQ-009']);
    expect(find('REQ-009')).toEqual(['REQ-009']);
  });

  it("finds it by the owner's name, NRC, phone or email, and by plate number", () => {
    for (const search of ['mutale', '123456/78/1', '0971234567', 'MUTALE@example.zm', 'zm777ab', 'ZM 777'])
      expect(find(search), search).toEqual(['REQ-009']);
    expect(find('LP-000010')).toEqual([]);
  });
});

describe('requestQrLink', () => {
  it('is a link to the request on this server, carrying no personal data', () => {
    const link = requestQrLink('https://nambala.example/', 'REQ-009');
    expect(link).toBe('https://nambala.example/dashboard/admin/requests?request=REQ-009');
    expect(link).not.toMatch(/John|\+260|@|Cairo/);
  });
});

describe('filterRequests properties', () => {
  const text = fc.string({ unit: fc.constantFrom('a', 'B', 'c', '-', '0', '1', ' ', 'É'), maxLength: 6 });
  const requestArb: fc.Arbitrary<ReviewedApplication> = fc.record({
    id: text,
    applicant: text,
    vehicle: text,
    date: fc.constant('2026-11-20'),
    status: fc.constantFrom(...REQUEST_STATUSES),
    quantity: fc.integer({ min: 1, max: 10 }),
    orderInfo: fc.constant(ORDER),
  });
  const filtersArb: fc.Arbitrary<RequestFilters> = fc.record({
    search: fc.string({ unit: fc.constantFrom('a', 'b', 'C', '-', '1', ' ', 'é'), maxLength: 3 }),
    status: fc.constantFrom('all' as const, ...REQUEST_STATUSES),
  });

  const fieldsOf = (r: ReviewedApplication) => [r.applicant, r.id, r.vehicle, r.orderInfo.email, r.orderInfo.phone];

  it('keeps an order-preserving subset whose every member matches', () => {
    fc.assert(
      fc.property(fc.array(requestArb, { maxLength: 20 }), filtersArb, (requests, f) => {
        const kept = filterRequests(requests, f);
        const search = f.search.trim().toLowerCase();
        for (const r of kept) {
          expect(requests).toContain(r);
          expect(f.status === 'all' || r.status === f.status).toBe(true);
          expect(searchFinds(search, fieldsOf(r), [r.orderInfo.phone])).toBe(true);
        }
        // Nothing that matches is dropped (a field containing the search as typed always does), and input order is kept.
        const expected = requests.filter(
          (r) => (f.status === 'all' || r.status === f.status) && searchFinds(search, fieldsOf(r), [r.orderInfo.phone]),
        );
        expect(kept).toEqual(expected);
        for (const r of requests)
          if (
            (f.status === 'all' || r.status === f.status) &&
            [r.applicant, r.id, r.vehicle].some((field) => field.toLowerCase().includes(search))
          )
            expect(kept).toContain(r);
      }),
    );
  });

  it('counts the summary consistently with the status filter', () => {
    fc.assert(
      fc.property(fc.array(requestArb, { maxLength: 20 }), (requests) => {
        const summary = requestSummary(requests);
        const count = (status: RequestStatus) => filterRequests(requests, { search: '', status }).length;
        expect(summary).toEqual({
          total: requests.length,
          pending: count('Pending'),
          approved: count('Approved'),
          underReview: count('Under Review'),
          rejected: count('Rejected'),
        });
      }),
    );
  });
});

describe('findOrders: the marketplace orders a Plate Requests search finds', () => {
  const order = {
    id: 'PO-000003',
    plateNumber: 'ZM-777-VIP',
    buyerName: 'Chanda Mulenga',
    buyerEmail: 'chanda@example.zm',
    buyerPhone: '+260971234567',
    ownerName: 'Mwila Banda',
    ownerNrc: '123456/78/9',
    paymentReference: 'PAY-000012',
  };
  const other = {
    id: 'PO-000004',
    plateNumber: 'ZM-100-LSK',
    buyerName: 'Bupe Zulu',
    buyerEmail: 'bupe@example.zm',
    buyerPhone: null,
    ownerName: 'Bupe Zulu',
    ownerNrc: '654321/10/1',
    paymentReference: 'PAY-000013',
  };

  it('finds an order by either reference, the plate, the buyer or the owner, however it is typed', () => {
    for (const search of [
      'PO-000003',
      'po000003',
      'PAY-000012',
      'zm 777',
      'ZM777VIP',
      'chanda',
      'CHANDA@EXAMPLE.ZM',
      '0971 234 567',
      'mwila banda',
      '123456/78/9',
    ])
      expect(
        findOrders([order, other], search).map((found) => found.id),
        search,
      ).toEqual(['PO-000003']);
  });

  it('shows nothing for an empty search, and nothing that does not match', () => {
    expect(findOrders([order, other], '  ')).toEqual([]);
    expect(findOrders([order, other], 'LP-000003')).toEqual([]);
  });

  it('finds every order by its own PO- reference in any spelling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.boolean(), (n, lower) => {
        const id = `PO-${String(n).padStart(6, '0')}`;
        const typed = lower ? id.toLowerCase().replace('-', '') : id;
        return findOrders([{ ...order, id }], typed).length === 1;
      }),
    );
  });
});
