import { REVIEW_MESSAGES } from '#domain/applications/review';
import { describe, expect, it } from 'vitest';
import { decisionReport, replaceRequests } from '../../../../src/app/features/application-review/decision-report';
import type { DecisionOutcome } from '../../../../src/app/features/application-review/applications-api';

const NOT_PAID = 'This request has not been paid yet. Approve it once its payment has been received.';
const names = new Map([
  ['REQ-002', { applicant: 'Mwila Banda' }],
  ['REQ-004', { applicant: 'Lusaka Freight Ltd' }],
  ['REQ-005', { applicant: 'Bupe Tembo', reference: 'LP-000005' }],
]);

describe('the report of a decision', () => {
  it('names the plates and the shop of an approval, and toasts it', () => {
    const outcomes: DecisionOutcome[] = [
      {
        requestId: 'REQ-005',
        ok: true,
        status: 'Approved',
        plates: ['ZM-345-ABC', 'ZM-346-ABD'],
        agent: { id: 'a', name: 'Cairo Road Plates' },
      },
    ];
    const report = decisionReport(outcomes, 'approve', names);
    expect(report.status).toBe('success');
    expect(report.title).toBe('1 request approved');
    expect(report.lines[0]?.text).toBe(
      'LP-000005 / REQ-005 (Bupe Tembo) approved: ZM-345-ABC, ZM-346-ABD, sent to Cairo Road Plates to make.',
    );
    expect(report.toast).toEqual({ title: '1 request approved', description: report.lines[0]?.text });
  });

  it('keeps every refusal in the server’s words beside what went through', () => {
    const outcomes: DecisionOutcome[] = [
      {
        requestId: 'REQ-002',
        ok: false,
        reason: 'manufacturing-started',
        message: REVIEW_MESSAGES.manufacturingStarted,
      },
      { requestId: 'REQ-005', ok: true, status: 'Approved', plates: ['ZM-345-ABC'], agent: null },
      { requestId: 'REQ-004', ok: false, reason: 'not-paid', message: NOT_PAID },
    ];
    const report = decisionReport(outcomes, 'approve', names);
    expect(report.status).toBe('warning');
    expect(report.title).toBe('1 of 3 requests approved; 2 refused');
    expect(report.lines.map((line) => [line.requestId, line.ok])).toEqual([
      ['REQ-002', false],
      ['REQ-005', true],
      ['REQ-004', false],
    ]);
    expect(report.lines[0]?.text).toBe(
      `REQ-002 (Mwila Banda) was not approved: ${REVIEW_MESSAGES.manufacturingStarted}`,
    );
    expect(report.lines[2]?.text).toBe(`REQ-004 (Lusaka Freight Ltd) was not approved: ${NOT_PAID}`);
    expect(report.toast?.title).toBe('1 request approved');
  });

  it('has no toast when nothing went through', () => {
    const one = decisionReport(
      [{ requestId: 'REQ-002', ok: false, message: REVIEW_MESSAGES.manufacturingStarted }],
      'reject',
      names,
    );
    expect(one).toMatchObject({ status: 'error', title: 'The request was not rejected', toast: null });
    const two = decisionReport(
      [
        { requestId: 'REQ-002', ok: false, message: REVIEW_MESSAGES.manufacturingStarted },
        { requestId: 'REQ-404', ok: false, message: 'This request no longer exists.' },
      ],
      'reject',
      names,
    );
    expect(two.title).toBe('None of the 2 requests was rejected');
    expect(two.lines[1]?.text).toBe('REQ-404 was not rejected: This request no longer exists.');
  });

  it('says each rejected applicant is told why, once the rejection can no longer be undone when it can be', () => {
    const report = decisionReport(
      [
        { requestId: 'REQ-004', ok: true, status: 'Rejected', plates: [], agent: null },
        {
          requestId: 'REQ-005',
          ok: true,
          status: 'Rejected',
          plates: [],
          agent: null,
          decisionId: 'd5',
          undoUntil: '2026-12-06T10:02:00.000Z',
        },
      ],
      'reject',
      names,
    );
    expect(report.title).toBe('2 requests rejected');
    expect(report.lines[0]?.text).toMatch(/rejected; the applicant has been told why\.$/);
    expect(report.lines[1]?.text).toBe(
      'LP-000005 / REQ-005 (Bupe Tembo) rejected; the applicant is told why once it can no longer be undone.',
    );
  });
});

describe('putting decided requests back in the list', () => {
  it('replaces them in place and leaves the others and the order alone', () => {
    const list = [
      { id: 'REQ-003', status: 'Pending' },
      { id: 'REQ-002', status: 'Pending' },
      { id: 'REQ-001', status: 'Pending' },
    ];
    expect(
      replaceRequests(list, [
        { id: 'REQ-002', status: 'Approved' },
        { id: 'REQ-999', status: 'Approved' },
      ]),
    ).toEqual([
      { id: 'REQ-003', status: 'Pending' },
      { id: 'REQ-002', status: 'Approved' },
      { id: 'REQ-001', status: 'Pending' },
    ]);
  });
});
